import { describe, expect, it } from '@jest/globals';
import { routeLabel, routeTemplate, UNMATCHED_ROUTE } from './route-label.js';

describe('route labels for logs and metrics', () => {
  it('uses the route template the framework matched', () => {
    expect(routeLabel({ route: { path: '/api/contacts/:id' }, originalUrl: '/api/contacts/abc' }, 200)).toBe(
      '/api/contacts/:id',
    );
  });

  it('replaces ids and tokens in a path it has no template for, and drops the query', () => {
    const id = '3f2b8c1e-4d5a-4b6c-9d7e-8f9a0b1c2d3e';
    expect(routeTemplate(`/api/contacts/${id}/communications?page=2`)).toBe('/api/contacts/:id/communications');
    expect(routeLabel({ originalUrl: '/api/calendar/Zx9_k2LmQpR7sTuVwXyZ01234567abcdEFGH.ics' }, 200)).toBe(
      '/api/calendar/:token',
    );
    expect(routeLabel({ originalUrl: '/api/notifications/actions/eyJhbGciOi.eyJzdWIi.sig123' }, 200)).toBe(
      '/api/notifications/actions/:token',
    );
    expect(routeLabel({ originalUrl: '/api/contacts/overdue?limit=10' }, 200)).toBe('/api/contacts/overdue');
  });

  it('gives unbounded paths one label each: address book files, static files, guessed URLs', () => {
    expect(routeLabel({ originalUrl: '/dav/addressbooks/me/contacts/any-client-uid.vcf' }, 207)).toBe('/dav/*');
    expect(routeLabel({ originalUrl: '/mfe/contacts/static/js/123.abc.js' }, 200)).toBe('(static)');
    expect(routeLabel({ originalUrl: '/wp-admin/setup.php' }, 404)).toBe(UNMATCHED_ROUTE);
    expect(routeLabel({ originalUrl: '/api/no-such-thing/at/all' }, 404)).toBe(UNMATCHED_ROUTE);
  });
});
