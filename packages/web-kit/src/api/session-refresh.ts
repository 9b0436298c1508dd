import { apiRouteTable, CREDENTIAL_ERROR_CODES, type OperationAnswer } from '@kith/contracts';
import { ApiError, isApiError } from './api-error.js';
import { session } from './session.js';
import { apiUrl, sendFetch } from './transport.js';

let onSessionExpired = (): void => {
  if (window.location.pathname !== '/login') window.location.assign('/login');
};

/** Lets the host decide how to reach /login when the session is gone (tests swap it too). */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

let refreshInFlight: Promise<void> | null = null;

/**
 * Tabs share one stored refresh token, and the server treats a second use of a rotated token as
 * theft (it revokes the whole session). So tabs take turns refreshing through a Web Lock.
 */
function withCrossTabRefreshLock(task: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('kith-session-refresh', task).then(() => undefined) : task();
}

/**
 * One refresh for every request that hit a 401 at the same time. A failed refresh (or none
 * possible) forgets the credentials once, here, however many requests were waiting.
 */
export function refreshSession(): Promise<void> {
  const refreshTokenSeen = session.refreshToken();
  refreshInFlight ??= withCrossTabRefreshLock(async () => {
    const refreshToken = session.refreshToken();
    if (!refreshToken) throw new ApiError({ message: 'No refresh token', status: 401, code: 'UNAUTHORIZED' });
    // Another tab rotated the tokens while this one waited for the lock: theirs are ours too.
    if (refreshToken !== refreshTokenSeen) return;
    const { tokens } = await sendFetch<OperationAnswer<'refreshTokens'>>(
      'POST',
      apiUrl(apiRouteTable.refreshTokens.path),
      { body: { refreshToken } },
      null,
    );
    session.saveTokens(tokens);
  })
    .catch((error: unknown) => {
      session.clear();
      throw error;
    })
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

/**
 * Sends with the bearer token; on a first 401 refreshes the session once and repeats the call.
 * `sessionless`: a public route (sign-in and its kin), whose 401 means wrong credentials.
 */
export async function sendAuthorized<T>(
  url: string,
  { sessionless, redirectOnExpiry }: { sessionless: boolean; redirectOnExpiry: boolean },
  transport: (token: string | null) => Promise<T>,
): Promise<T> {
  const tokenUsed = session.accessToken();
  try {
    return await transport(tokenUsed);
  } catch (error) {
    if (!isApiError(error) || error.status !== 401 || sessionless) throw error;
    // A wrong password or authentication code typed to confirm an action (delete my account, turn
    // two-factor sign-in off) is not an expired session.
    if (error.code && CREDENTIAL_ERROR_CODES.includes(error.code)) throw error;
    // Sent after sign-out (a screen still loading while the user logs out): there is no session
    // to refresh and none that expired, so no trip to /login either.
    if (!tokenUsed && !session.refreshToken()) throw error;
    const current = session.accessToken();
    if (current && current !== tokenUsed) return transport(current);
    try {
      await refreshSession();
    } catch (refreshError) {
      if (redirectOnExpiry) onSessionExpired();
      throw refreshError;
    }
    return transport(session.accessToken());
  }
}
