import {
  apiRouteTable,
  type EnvelopedOperationId,
  IMPORT_CONFIRM_TIMEOUT_MS,
  type OperationAnswer,
  type OperationId,
  type OperationParams,
  type OperationQuery,
  type OperationRequest,
} from '@kith/contracts';
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
export { API_BASE_PATH, apiUrl } from './transport.js';
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

/** An operation's params, query and body, with how to send it (retry preset, timeout, abort signal...). */
export type CallRequest<Id extends OperationId> = OperationRequest<Id> & Omit<RequestOptions, 'body' | 'query'>;
/** The request may be left out when the operation needs nothing. */
type CallArgs<Id extends OperationId> =
  object extends CallRequest<Id> ? [request?: CallRequest<Id>] : [request: CallRequest<Id>];

/** The path below API_BASE_PATH of an operation, its `{name}` parameters filled in (encoded). */
export function apiPath<Id extends OperationId>(operationId: Id, params?: OperationParams<Id>): string {
  return apiRouteTable[operationId].path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = (params as Record<string, string> | undefined)?.[name];
    if (value === undefined) throw new Error(`${operationId} needs the path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** A public route's 401 means wrong credentials, never an expired session to refresh. */
const isSessionless = (operationId: OperationId) => apiRouteTable[operationId].auth === 'none';

/** Identical GETs already on their way are shared rather than sent twice. */
const inFlightGets = new Map<string, Promise<unknown>>();

function send<T>(method: HttpMethod, path: string, options: RequestOptions, sessionless: boolean): Promise<T> {
  const url = apiUrl(path, options.query);
  const run = () =>
    withRetry(method, options, () =>
      sendAuthorized(url, { sessionless, redirectOnExpiry: options.redirectOnSessionExpiry ?? true }, (token) =>
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

/**
 * One operation of the route catalogue: `call('updateContact', { params: { id }, body })`. Its
 * method, path, whether a 401 means wrong credentials (public routes) and how long it may take
 * come from the catalogue; the request and the answer are typed by the operation's schemas.
 */
function call<Id extends EnvelopedOperationId>(
  operationId: Id,
  ...[request]: CallArgs<Id>
): Promise<OperationAnswer<Id>> {
  const route = apiRouteTable[operationId];
  const { params, query, body, ...options } = (request ?? {}) as CallRequest<Id> & {
    params?: OperationParams<Id>;
    query?: OperationQuery<Id>;
    body?: unknown;
  };
  return send<OperationAnswer<Id>>(
    route.method.toUpperCase() as HttpMethod,
    apiPath(operationId, params),
    {
      ...options,
      body,
      query: query as Query | undefined,
      timeoutMs: options.timeoutMs ?? ('longRunning' in route ? IMPORT_CONFIRM_TIMEOUT_MS : undefined),
    },
    isSessionless(operationId),
  );
}

/** The one HTTP client of the front-end: unwraps `{success, data}` and throws `ApiError`. */
export const api = {
  call,
  /** Downloads a file the API sends as an attachment; resolves with its file name. */
  download: <Id extends OperationId>(
    operationId: Id,
    fallbackName: string,
    request: { params?: OperationParams<Id>; query?: OperationQuery<Id> } = {},
  ) => {
    const url = apiUrl(apiPath(operationId, request.params), request.query as Query | undefined);
    return sendAuthorized(url, { sessionless: isSessionless(operationId), redirectOnExpiry: true }, (token) =>
      fetchDownload(url, token, fallbackName),
    );
  },
  /** Multipart POST over XHR so the caller can show upload progress; no automatic retry. */
  upload: <Id extends EnvelopedOperationId>(
    operationId: Id,
    formData: FormData,
    options: UploadOptions & { params?: OperationParams<Id> } = {},
  ) => {
    const url = apiUrl(apiPath(operationId, options.params));
    return sendAuthorized(url, { sessionless: isSessionless(operationId), redirectOnExpiry: true }, (token) =>
      sendXhr<OperationAnswer<Id>>(url, formData, options, token),
    );
  },
};
