import { API_BASE_PATH, type ApiResponse, type RetryPresetName } from '@kith/contracts';
import { ApiError, isApiError } from './api-error.js';

export { API_BASE_PATH };

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
  /** Extra request headers (a step-up grant in X-Step-Up). */
  headers?: Record<string, string>;
}

export interface UploadOptions {
  onProgress?: (fraction: number) => void;
  timeoutMs?: number;
  signal?: AbortSignal;
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

export async function sendFetch<T>(
  method: HttpMethod,
  url: string,
  options: RequestOptions,
  token: string | null,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
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

export function sendXhr<T>(url: string, formData: FormData, options: UploadOptions, token: string | null): Promise<T> {
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

/** File name from `Content-Disposition: attachment; filename="…"`, else the fallback. */
function attachmentFileName(header: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/** GET a file with the bearer token and hand it to the browser as a download (no retry). */
export async function fetchDownload(url: string, token: string | null, fallbackName: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw networkError();
  }
  if (!response.ok) return unwrap<string>(response.status, false, await response.json().catch(() => null));
  const name = attachmentFileName(response.headers.get('Content-Disposition'), fallbackName);
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: objectUrl, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  return name;
}
