import type { GatewayConfig } from '../config/gateway.config.js';

export type UpstreamName = 'auth' | 'contacts' | 'notifications';

/** Path prefix → owning service. Paths are forwarded unchanged (services serve under /api). */
export function upstreamRoutes(config: GatewayConfig): { prefix: string; upstream: UpstreamName; target: string }[] {
  return [
    { prefix: '/api/auth', upstream: 'auth', target: config.AUTH_URL },
    { prefix: '/api/contacts', upstream: 'contacts', target: config.CONTACTS_URL },
    { prefix: '/api/lists', upstream: 'contacts', target: config.CONTACTS_URL },
    { prefix: '/api/communications', upstream: 'contacts', target: config.CONTACTS_URL },
    { prefix: '/api/notifications', upstream: 'notifications', target: config.NOTIFICATIONS_URL },
  ];
}

/** Routes reachable without an access token. */
export const PUBLIC_API_PATHS = new Set([
  '/api/auth/register',
  '/api/auth/login',
  '/api/auth/refresh',
  '/api/auth/logout',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
]);

/** Routes behind the auth rate limiter (credential guessing and mail bombing targets). */
export const RATE_LIMITED_PATHS = [
  '/api/auth/login',
  '/api/auth/register',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
];

/** Routes whose JSON bodies may be large: confirming an import of thousands of contacts. */
export const LARGE_JSON_PATHS = new Set(['/api/contacts/import/confirm']);
