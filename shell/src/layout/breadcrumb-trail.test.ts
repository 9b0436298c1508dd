import { describe, expect, it } from '@jest/globals';
import { breadcrumbsFor, contactIdOf, listIdOf } from './breadcrumb-trail.js';

const labels = (pathname: string, search = '', listName?: string) =>
  breadcrumbsFor(pathname, search, listName).map((crumb) => crumb.label);

describe('breadcrumbsFor', () => {
  it('is a single crumb (hidden) on the dashboard', () => {
    expect(labels('/dashboard')).toEqual(['Dashboard']);
  });

  it('adds the screen after Dashboard', () => {
    expect(labels('/contacts')).toEqual(['Dashboard', 'Contacts']);
    expect(labels('/contacts', '?filter=overdue')).toEqual(['Dashboard', 'Overdue Contacts']);
    expect(labels('/lists')).toEqual(['Dashboard', 'Lists']);
    expect(labels('/lists/l1', '', 'Close Friends')).toEqual(['Dashboard', 'Lists', 'Close Friends']);
    expect(labels('/settings/')).toEqual(['Dashboard', 'Settings']);
  });

  it('links every crumb but the current page', () => {
    expect(breadcrumbsFor('/lists', '')).toEqual([{ label: 'Dashboard', to: '/dashboard' }, { label: 'Lists' }]);
  });

  it("is Dashboard › Lists › the list's name on a list's page, Lists linking back to every list", () => {
    expect(breadcrumbsFor('/lists/l1/', '', 'Close Friends')).toEqual([
      { label: 'Dashboard', to: '/dashboard' },
      { label: 'Lists', to: '/lists' },
      { label: 'Close Friends' },
    ]);
    expect(labels('/lists/l1')).toEqual(['Dashboard', 'Lists', 'List']);
  });

  it('reads the list id of a list route', () => {
    expect(listIdOf('/lists/abc%20d')).toBe('abc d');
    expect(listIdOf('/lists')).toBeNull();
  });

  it("is Dashboard › Contacts › the person's name on a contact's page", () => {
    expect(breadcrumbsFor('/contacts/c1', '', undefined, 'Ada Lovelace')).toEqual([
      { label: 'Dashboard', to: '/dashboard' },
      { label: 'Contacts', to: '/contacts' },
      { label: 'Ada Lovelace' },
    ]);
    expect(labels('/contacts/c1')).toEqual(['Dashboard', 'Contacts', 'Contact']);
    expect(contactIdOf('/contacts/abc')).toBe('abc');
    expect(contactIdOf('/contacts')).toBeNull();
  });
});
