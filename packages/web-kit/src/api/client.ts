import { setRetryListener, withRetry, type RetryListener } from './retry.js';
import { sendAuthorized, setSessionExpiredHandler } from './session-refresh.js';
import {
  apiUrl,
  fetchDownload,
  sendFetch,
  sendXhr,
  type HttpMethod,
  type Query,
  type RequestOptions,
  type UploadOptions,
} from './transport.js';

export { refreshSession } from './session-refresh.js';
export { API_BASE_PATH, apiUrl, attachmentFileName } from './transport.js';
export type { HttpMethod, Query, QueryValue, RequestOptions, UploadOptions } from './transport.js';
export type { RetryListener } from './retry.js';

/**
 * The host decides how to reach /login when the session is gone, and how a retry is announced
 * (the shell passes the spec's retry toasts; tests pass spies).
 */
export function configureApi(options: { onSessionExpired?: () => void; onRetry?: RetryListener }): void {
  if (options.onSessionExpired) setSessionExpiredHandler(options.onSessionExpired);
  if (options.onRetry) setRetryListener(options.onRetry);
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
  /** Downloads a file the API sends as an attachment; resolves with its file name. */
  download: (path: string, fallbackName: string, query?: Query) => {
    const url = apiUrl(path, query);
    return sendAuthorized(url, true, (token) => fetchDownload(url, token, fallbackName));
  },
  /** Multipart POST over XHR so the caller can show upload progress; no automatic retry. */
  upload: <T>(path: string, formData: FormData, options: UploadOptions = {}) => {
    const url = apiUrl(path);
    return sendAuthorized(url, true, (token) => sendXhr<T>(url, formData, options, token));
  },
};
