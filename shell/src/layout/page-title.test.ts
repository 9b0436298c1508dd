import { describe, expect, it } from '@jest/globals';
import { pageTitleFor } from './page-title.js';

describe('pageTitleFor', () => {
  it('names each screen, then the app', () => {
    expect(pageTitleFor('/login', '')).toBe('Sign In · Kith');
    expect(pageTitleFor('/dashboard', '')).toBe('Dashboard · Kith');
    expect(pageTitleFor('/contacts', '?filter=overdue')).toBe('Overdue Contacts · Kith');
    expect(pageTitleFor('/contacts/c1', '', undefined, 'Ada Lovelace')).toBe('Ada Lovelace · Kith');
  });

  it("titles a reminder e-mail's action page and the 404 page, not just 'Kith'", () => {
    expect(pageTitleFor('/email-action/abc.def', '')).toBe('Reminder · Kith');
    expect(pageTitleFor('/no-such-page', '')).toBe('Page not found · Kith');
    expect(pageTitleFor('/contacts/c1/extra', '')).toBe('Page not found · Kith');
  });
});
