import { routesOf } from './route.js';

/** Accounts, sessions, two-factor sign-in, password reset, app passwords, account export and erasure. */
export const authRoutes = routesOf('auth', {
  register: { method: 'post', path: '/auth/register', auth: 'none', rateLimited: true },
  login: { method: 'post', path: '/auth/login', auth: 'none', rateLimited: true },
  loginTwoFactor: { method: 'post', path: '/auth/login/2fa', auth: 'none', rateLimited: true },
  setupTwoFactor: { method: 'post', path: '/auth/2fa/setup', auth: 'bearer' },
  enableTwoFactor: { method: 'post', path: '/auth/2fa/enable', auth: 'bearer' },
  disableTwoFactor: { method: 'post', path: '/auth/2fa/disable', auth: 'bearer' },
  regenerateRecoveryCodes: { method: 'post', path: '/auth/2fa/recovery-codes', auth: 'bearer' },
  refreshTokens: { method: 'post', path: '/auth/refresh', auth: 'none' },
  logout: { method: 'post', path: '/auth/logout', auth: 'none' },
  getMe: { method: 'get', path: '/auth/me', auth: 'bearer' },
  deleteAccount: { method: 'delete', path: '/auth/me', auth: 'bearer' },
  forgotPassword: { method: 'post', path: '/auth/forgot-password', auth: 'none', rateLimited: true },
  resetPassword: { method: 'post', path: '/auth/reset-password', auth: 'none', rateLimited: true },
  checkResetToken: { method: 'post', path: '/auth/reset-password/check', auth: 'none', rateLimited: true },
  exportAccount: { method: 'get', path: '/account/export', auth: 'bearer' },
  createAppPassword: { method: 'post', path: '/auth/app-passwords', auth: 'bearer' },
  listAppPasswords: { method: 'get', path: '/auth/app-passwords', auth: 'bearer' },
  revokeAppPassword: { method: 'delete', path: '/auth/app-passwords/{id}', auth: 'bearer' },
});
