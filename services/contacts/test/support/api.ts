import { checkAnswer, type RegisteredUser, type TestStack } from '@kith/stack/testing';

export interface ApiAnswer {
  status: number;
  body: any;
}

export const DAY_MS = 86_400_000;
export const daysAgo = (days: number, extraMs = 0) => new Date(Date.now() - days * DAY_MS - extraMs).toISOString();

/**
 * A tiny HTTP client for one user, talking to the stack through the gateway; every answer must
 * conform to the OpenAPI document.
 */
export function apiFor(stack: TestStack, user?: RegisteredUser) {
  const headers = user?.authHeader ?? {};
  const read = async (method: string, path: string, response: Response): Promise<ApiAnswer> => {
    const text = await response.text();
    const contentType = response.headers.get('content-type');
    checkAnswer(stack.gatewayUrl, { method, url: `/api${path}`, status: response.status, contentType, body: text });
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  const request = async (
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<ApiAnswer> => {
    const response = await fetch(`${stack.gatewayUrl}/api${path}`, {
      method,
      headers: {
        ...headers,
        ...extraHeaders,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return read(method, path, response);
  };
  return {
    get: (path: string) => request('GET', path),
    post: (path: string, body?: unknown) => request('POST', path, body ?? {}),
    /** A POST that needs step-up (an app password, the calendar feed): the user re-enters its password first. */
    postWithStepUp: async (path: string, body?: unknown) => {
      if (!user) throw new Error('postWithStepUp needs a signed-in user');
      return request('POST', path, body ?? {}, await stack.stepUpHeader(user));
    },
    put: (path: string, body: unknown) => request('PUT', path, body),
    patch: (path: string, body?: unknown) => request('PATCH', path, body),
    delete: (path: string) => request('DELETE', path),
    /** multipart/form-data upload of one or more files. */
    upload: async (
      path: string,
      files: { field: string; name: string; content: Buffer | string }[],
    ): Promise<ApiAnswer> => {
      const form = new FormData();
      for (const file of files) form.append(file.field, new Blob([file.content]), file.name);
      const response = await fetch(`${stack.gatewayUrl}/api${path}`, { method: 'POST', headers, body: form });
      return read('POST', path, response);
    },
  };
}

export type Api = ReturnType<typeof apiFor>;

/** Creates a contact and returns it (fails the test on any error). */
export async function createContact(api: Api, fields: Record<string, unknown> = {}) {
  const answer = await api.post('/contacts', { firstName: 'Test', lastName: 'Contact', ...fields });
  if (answer.status !== 201) throw new Error(`create contact failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

export async function createList(api: Api, fields: Record<string, unknown> = {}) {
  const answer = await api.post('/lists', { name: 'Friends', ...fields });
  if (answer.status !== 201) throw new Error(`create list failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}
