import { jest } from '@jest/globals';

export interface FakeRequest {
  url: string;
  method: string;
  authorization: string | undefined;
  body: unknown;
}

export interface FakeReply {
  status: number;
  body?: unknown;
  /** Simulates a network failure (fetch rejects). */
  networkError?: boolean;
  delayMs?: number;
}

/** Replaces global fetch with a router over (request) → reply; records every request. */
export function installFakeFetch(route: (request: FakeRequest) => FakeReply) {
  const requests: FakeRequest[] = [];
  const fetchMock = jest.fn(async (url: string, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const request: FakeRequest = {
      url,
      method: init.method ?? 'GET',
      authorization: headers.Authorization,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    requests.push(request);
    const reply = route(request);
    if (reply.delayMs) {
      // Like fetch, an aborted request rejects at once.
      await new Promise((resolve, reject) => {
        const timer = setTimeout(resolve, reply.delayMs);
        init.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new DOMException('The operation was aborted', 'AbortError'));
        });
      });
    }
    if (reply.networkError) throw new TypeError('Failed to fetch');
    return {
      status: reply.status,
      ok: reply.status >= 200 && reply.status < 300,
      json: async () => reply.body,
    } as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return { requests, fetchMock };
}

export const ok = (data: unknown): FakeReply => ({ status: 200, body: { success: true, data } });
export const fail = (status: number, error: string, code = 'ERROR'): FakeReply => ({
  status,
  body: { success: false, error, code },
});
