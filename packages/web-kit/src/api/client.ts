import {
  RETRY_PRESETS,
  isRetryableFailure,
  isRetryableMutationFailure,
  retryDelayMs,
  type ApiResponse,
  type AuthTokens,
  type RetryPresetName,
} from '@kith/contracts';
import { notify } from '../feedback/notify.js';
import { ApiError, isApiError } from './api-error.js';
import { session } from './session.js';

/** Every call goes to this base path (spec §7); the gateway routes it to the owning service. */
export const API_BASE_PATH = '/api';

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | QueryValue[]>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  query?: Query;
  /** Retry preset (default: 'fetch' for GET, 'mutation' otherwise) or false for a single attempt. */
  retry?: RetryPresetName | false;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** When the session cannot be refreshed: go to /login (default) or only reject. */
  redirectOnSessionExpiry?: boolean;
}

export interface UploadOptions {
  onProgress?: (fraction: number) => void;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Auth endpoints whose 401 means "wrong credentials", never "refresh the session". */
const SESSIONLESS_PATHS = [
  '/auth/login',
  '/auth/register',
  '/auth/refresh',
  '/auth/forgot-password',
  '/auth/reset-password',
  '/auth/logout',
];

let onSessionExpired = (): void => {
  if (window.location.pathname !== '/login') window.location.assign('/login');
};

/** Lets the host decide how to reach /login when the session is gone (tests swap it too). */
export function configureApi(options: { onSessionExpired?: () => void }): void {
  if (options.onSessionExpired) onSessionExpired = options.onSessionExpired;
}

export function apiUrl(path: string, query?: Query): string {
  const relative = path.startsWith(`${API_BASE_PATH}/`)
    ? path
    : `${API_BASE_PATH}${path.startsWith('/') ? '' : '/'}${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') params.append(key, String(item));
    }
  }
  const search = params.toString();
  return search ? `${relative}?${search}` : relative;
}

async function unwrap<T>(status: number, ok: boolean, payload: unknown): Promise<T> {
  const envelope = payload as (Partial<ApiResponse<T>> & { error?: unknown; code?: string; details?: never }) | null;
  if (ok) {
    if (envelope && typeof envelope === 'object' && 'data' in envelope) return envelope.data as T;
    return payload as T;
  }
  if (envelope && typeof envelope.error === 'string') {
    throw new ApiError({
      message: envelope.error,
      status,
      code: envelope.code,
      details: envelope.details,
      fromServer: true,
    });
  }
  throw new ApiError({ message: `Request failed with status ${status}`, status });
}

const networkError = () =>
  new ApiError({ message: 'Could not reach the server. Please check your connection.', code: 'NETWORK_ERROR' });
const timeoutError = () => new ApiError({ message: 'The request timed out', code: 'TIMEOUT' });

async function sendFetch<T>(
  method: HttpMethod,
  url: string,
  options: RequestOptions,
  token: string | null,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;

  const controller = new AbortController();
  const abort = () => controller.abort();
  options.signal?.addEventListener('abort', abort, { once: true });
  let timedOut = false;
  const timer = options.timeoutMs
    ? setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, options.timeoutMs)
    : undefined;
  try {
    const response = await fetch(url, { method, headers, body, signal: controller.signal });
    const payload = response.status === 204 ? null : await response.json().catch(() => null);
    return await unwrap<T>(response.status, response.ok, payload);
  } catch (error) {
    if (isApiError(error)) throw error;
    if (options.signal?.aborted) throw error;
    throw timedOut ? timeoutError() : networkError();
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abort);
  }
}

function sendXhr<T>(url: string, formData: FormData, options: UploadOptions, token: string | null): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (options.timeoutMs) xhr.timeout = options.timeoutMs;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let payload: unknown = null;
      try {
        payload = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        payload = null;
      }
      unwrap<T>(xhr.status, xhr.status >= 200 && xhr.status < 300, payload).then(resolve, reject);
    };
    xhr.onerror = () => reject(networkError());
    xhr.ontimeout = () => reject(timeoutError());
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(formData);
  });
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
    const { tokens } = await sendFetch<{ tokens: AuthTokens }>(
      'POST',
      apiUrl('/auth/refresh'),
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

/** Sends with the bearer token; on a first 401 refreshes the session once and repeats the call. */
async function sendAuthorized<T>(
  url: string,
  redirectOnExpiry: boolean,
  transport: (token: string | null) => Promise<T>,
): Promise<T> {
  const tokenUsed = session.accessToken();
  try {
    return await transport(tokenUsed);
  } catch (error) {
    const pathname = url.slice(API_BASE_PATH.length).split('?')[0] ?? '';
    if (!isApiError(error) || error.status !== 401 || SESSIONLESS_PATHS.includes(pathname)) throw error;
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

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** The retry toasts of spec §8; one toast id so repeated retries replace each other. */
function announceRetry(preset: RetryPresetName, nextAttempt: number, maxAttempts: number): void {
  const message =
    preset === 'mutation'
      ? 'Operation failed. Trying again...'
      : preset === 'critical'
        ? 'Request failed. Retrying automatically...'
        : `Request failed. Retrying... (${nextAttempt}/${maxAttempts})`;
  notify.info(message, { id: 'api-retry' });
}

function shouldRetry(method: HttpMethod, error: unknown): boolean {
  if (!isApiError(error)) return false;
  const failure = { status: error.status, message: error.message };
  return method === 'GET' ? isRetryableFailure(failure) : isRetryableMutationFailure(failure);
}

async function withRetry<T>(method: HttpMethod, options: RequestOptions, attemptOnce: () => Promise<T>): Promise<T> {
  const presetName = options.retry ?? (method === 'GET' ? 'fetch' : 'mutation');
  const preset = presetName ? RETRY_PRESETS[presetName] : null;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await attemptOnce();
    } catch (error) {
      if (
        !presetName ||
        !preset ||
        attempt >= preset.maxAttempts ||
        options.signal?.aborted ||
        !shouldRetry(method, error)
      )
        throw error;
      announceRetry(presetName, attempt + 1, preset.maxAttempts);
      await sleep(retryDelayMs(attempt, preset), options.signal);
    }
  }
}

/** Identical GETs already on their way are shared rather than sent twice. */
const inFlightGets = new Map<string, Promise<unknown>>();

function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  const url = apiUrl(path, options.query);
  const run = () =>
    withRetry(method, options, () =>
      sendAuthorized(url, options.redirectOnSessionExpiry ?? true, (token) =>
        sendFetch<T>(method, url, options, token),
      ),
    );
  if (method !== 'GET' || options.signal) return run();
  const shared = inFlightGets.get(url);
  if (shared) return shared as Promise<T>;
  const pending = run().finally(() => inFlightGets.delete(url));
  inFlightGets.set(url, pending);
  return pending;
}

/** The one HTTP client of the front-end: unwraps `{success, data}` and throws `ApiError`. */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions) => request<T>('PUT', path, options),
  patch: <T>(path: string, options?: RequestOptions) => request<T>('PATCH', path, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  /** Multipart POST over XHR so the caller can show upload progress; no automatic retry. */
  upload: <T>(path: string, formData: FormData, options: UploadOptions = {}) => {
    const url = apiUrl(path);
    return sendAuthorized(url, true, (token) => sendXhr<T>(url, formData, options, token));
  },
};
