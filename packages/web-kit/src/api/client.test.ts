import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fail, installFakeFetch, ok, type FakeReply, type FakeRequest } from '../test-support/fake-fetch.js';
import { ApiError } from './api-error.js';
import { api, configureApi } from './client.js';
import { session } from './session.js';

const onSessionExpired = jest.fn();
const registration = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', password: 'secret1' };

beforeEach(() => {
  localStorage.clear();
  session.saveTokens({ accessToken: 'old-access', refreshToken: 'refresh-1' });
  onSessionExpired.mockReset();
  configureApi({ onSessionExpired });
});

afterEach(() => {
  jest.useRealTimers();
});

/** A server whose access tokens are valid only once refreshed to `new-access`. */
function serverWithExpiredToken(
  refreshReply: FakeReply = ok({ tokens: { accessToken: 'new-access', refreshToken: 'refresh-2' } }),
) {
  return installFakeFetch((request: FakeRequest) => {
    if (request.url === '/api/auth/refresh') return { ...refreshReply, delayMs: 20 };
    if (request.authorization !== 'Bearer new-access') return fail(401, 'Authentication required', 'UNAUTHORIZED');
    return ok({ path: request.url, method: request.method });
  });
}

describe('api client: envelope and errors', () => {
  it('returns the data of the envelope and sends the bearer token', async () => {
    const { requests } = installFakeFetch(() => ok({ items: [1, 2] }));
    await expect(api.call('listContacts', { query: { limit: 10, search: '', listId: undefined } })).resolves.toEqual({
      items: [1, 2],
    });
    expect(requests[0]).toMatchObject({
      url: '/api/contacts?limit=10',
      method: 'GET',
      authorization: 'Bearer old-access',
    });
  });

  it("throws an ApiError whose message is the server's error field", async () => {
    installFakeFetch(() => fail(409, 'An account with this email already exists', 'EMAIL_TAKEN'));
    const error = await api.call('register', { body: registration }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'EMAIL_TAKEN',
      message: 'An account with this email already exists',
      fromServer: true,
    });
  });
});

describe('api client: operations of the route catalogue', () => {
  it("sends each operation to its method and path, with the path's parameters encoded", async () => {
    const { requests } = installFakeFetch(() => ok({}));
    await api.call('updateList', { params: { id: 'a/b c' }, body: { name: 'Family' } });
    await api.call('removeContactFromList', { params: { listId: 'l1', contactId: 'c1' } });
    await api.call('performEmailAction', { params: { token: 'x.y' } });
    expect(requests.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'PUT', url: '/api/lists/a%2Fb%20c', body: { name: 'Family' } },
      { method: 'DELETE', url: '/api/lists/l1/contacts/c1', body: undefined },
      { method: 'POST', url: '/api/notifications/actions/x.y', body: undefined },
    ]);
  });

  it('gives a long-running operation the long timeout, and the others none of their own', async () => {
    jest.useFakeTimers();
    const { requests } = installFakeFetch(() => ({ ...ok({ imported: 1, skipped: 0 }), delayMs: 61_000 }));
    const confirming = api
      .call('confirmImport', { body: { contacts: [{ firstName: 'Ada' }] }, retry: false })
      .catch((error: unknown) => error);
    const listing = api.call('listContacts', { retry: false });
    await jest.advanceTimersByTimeAsync(62_000);
    await expect(confirming).resolves.toMatchObject({ code: 'TIMEOUT' });
    await expect(listing).resolves.toEqual({ imported: 1, skipped: 0 });
    expect(requests).toHaveLength(2);
  });
});

describe('api client: session refresh', () => {
  it('shares one refresh between concurrent 401s and repeats every call with the new token', async () => {
    const { requests } = serverWithExpiredToken();
    const results = await Promise.all([
      api.call('listContacts'),
      api.call('listLists'),
      api.call('createContact', { body: { firstName: 'A', lastName: 'B' } }),
    ]);

    expect(results.map((result) => (result as unknown as { path: string }).path)).toEqual([
      '/api/contacts',
      '/api/lists',
      '/api/contacts',
    ]);
    expect(requests.filter((request) => request.url === '/api/auth/refresh')).toHaveLength(1);
    expect(requests.find((request) => request.url === '/api/auth/refresh')?.body).toEqual({
      refreshToken: 'refresh-1',
    });
    expect(session.accessToken()).toBe('new-access');
    expect(session.refreshToken()).toBe('refresh-2');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('takes the tokens another tab rotated while it waited for the refresh lock, without refreshing again', async () => {
    const { requests } = serverWithExpiredToken();
    const otherTabRefreshesFirst = {
      request: async (_name: string, task: () => Promise<void>) => {
        session.saveTokens({ accessToken: 'new-access', refreshToken: 'refresh-2' });
        return task();
      },
    };
    Object.defineProperty(navigator, 'locks', { value: otherTabRefreshesFirst, configurable: true });
    try {
      await expect(api.call('listContacts')).resolves.toEqual({ path: '/api/contacts', method: 'GET' });
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
    expect(requests.filter((request) => request.url === '/api/auth/refresh')).toHaveLength(0);
    expect(session.refreshToken()).toBe('refresh-2');
  });

  it('clears the credentials and goes to /login when the refresh fails', async () => {
    const { requests } = serverWithExpiredToken(fail(401, 'Invalid or expired refresh token', 'UNAUTHORIZED'));
    const outcomes = await Promise.allSettled([api.call('listContacts'), api.call('listLists')]);

    expect(outcomes.every((outcome) => outcome.status === 'rejected')).toBe(true);
    expect(requests.filter((request) => request.url === '/api/auth/refresh')).toHaveLength(1);
    expect(session.accessToken()).toBeNull();
    expect(session.refreshToken()).toBeNull();
    expect(onSessionExpired).toHaveBeenCalled();
  });

  it("gives up with 'No refresh token' when there is none", async () => {
    localStorage.removeItem('refreshToken');
    const { requests } = serverWithExpiredToken();
    await expect(api.call('listContacts')).rejects.toThrow('No refresh token');
    expect(requests.some((request) => request.url === '/api/auth/refresh')).toBe(false);
    expect(session.accessToken()).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('does not send a signed-out user to /login when a request made after logout is refused', async () => {
    session.clear();
    const { requests } = serverWithExpiredToken();
    await expect(api.call('listUpcomingReminders')).rejects.toThrow('Authentication required');
    expect(requests.map((request) => request.url)).toEqual(['/api/notifications/upcoming']);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('treats a 401 from login as wrong credentials, not as an expired session', async () => {
    const { requests } = installFakeFetch(() => fail(401, 'Invalid email or password', 'INVALID_CREDENTIALS'));
    await expect(api.call('login', { body: { email: 'a@b.c', password: 'secret1' } })).rejects.toThrow(
      'Invalid email or password',
    );
    expect(requests).toHaveLength(1);
    expect(session.refreshToken()).toBe('refresh-1');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('treats a wrong authentication code on a signed-in route as a typed mistake, not an expired session', async () => {
    const { requests } = installFakeFetch(() => fail(401, 'Invalid authentication code', 'INVALID_TWO_FACTOR_CODE'));
    await expect(
      api.call('disableTwoFactor', { body: { password: 'secret1', code: '123456' }, retry: false }),
    ).rejects.toThrow('Invalid authentication code');
    expect(requests).toHaveLength(1);
    expect(session.refreshToken()).toBe('refresh-1');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});

describe('api client: retries', () => {
  /** Replies in turn, repeating the last one. */
  function replies(...sequence: FakeReply[]) {
    let index = 0;
    return installFakeFetch(() => sequence[Math.min(index++, sequence.length - 1)]!);
  }

  async function settle<T>(promise: Promise<T>) {
    const outcome = promise.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    await jest.advanceTimersByTimeAsync(60_000);
    return outcome;
  }

  it('retries a GET on 5xx with the fetch preset (3 attempts)', async () => {
    jest.useFakeTimers();
    const { requests } = replies(
      fail(503, 'Service temporarily unavailable'),
      fail(503, 'Service temporarily unavailable'),
      ok('finally'),
    );
    await expect(settle(api.call('listContacts'))).resolves.toEqual({ value: 'finally' });
    expect(requests).toHaveLength(3);
  });

  it('tells the injected retry listener before each retry, never after the last attempt', async () => {
    jest.useFakeTimers();
    const onRetry = jest.fn();
    configureApi({ onRetry });
    replies(
      fail(503, 'Service temporarily unavailable'),
      fail(503, 'Service temporarily unavailable'),
      fail(503, 'Service temporarily unavailable'),
    );
    await settle(api.call('listContacts'));
    expect(onRetry.mock.calls).toEqual([
      ['fetch', 2, 3],
      ['fetch', 3, 3],
    ]);
    configureApi({ onRetry: () => undefined });
  });

  it('stops after the last attempt of the preset', async () => {
    jest.useFakeTimers();
    const { requests } = replies(fail(500, 'boom'));
    const outcome = await settle(api.call('listContacts', { retry: 'critical' }));
    expect(outcome).toMatchObject({ error: { status: 500 } });
    expect(requests).toHaveLength(5);
  });

  it.each([
    ['a 404', fail(404, 'Not found')],
    ['a 400', fail(400, 'email must be an email')],
    ["an error mentioning 'validation'", fail(502, 'Upstream validation failed')],
  ])('does not retry %s', async (_, reply) => {
    jest.useFakeTimers();
    const { requests } = replies(reply);
    await settle(api.call('listContacts'));
    expect(requests).toHaveLength(1);
  });

  it('retries 408 and 429 for fetches', async () => {
    jest.useFakeTimers();
    const { requests } = replies(fail(429, 'Too many requests'), fail(408, 'Timeout'), ok('done'));
    await expect(settle(api.call('listContacts'))).resolves.toEqual({ value: 'done' });
    expect(requests).toHaveLength(3);
  });

  it('retries a mutation once on 5xx or a network failure, never on 429', async () => {
    jest.useFakeTimers();
    let calls = replies(fail(503, 'down'));
    await settle(api.call('createList', { body: { name: 'Family' } }));
    expect(calls.requests).toHaveLength(2);

    calls = replies({ status: 0, networkError: true }, ok({ _id: 'l1' }));
    await expect(settle(api.call('createList', { body: { name: 'Family' } }))).resolves.toEqual({
      value: { _id: 'l1' },
    });
    expect(calls.requests).toHaveLength(2);

    calls = replies(fail(429, 'Too many requests'));
    await settle(api.call('updateList', { params: { id: 'l1' }, body: { name: 'Family' } }));
    expect(calls.requests).toHaveLength(1);
  });

  it('makes a single attempt with retry: false', async () => {
    jest.useFakeTimers();
    const { requests } = replies(fail(503, 'down'));
    await settle(api.call('listContacts', { retry: false }));
    expect(requests).toHaveLength(1);
  });
});

describe('api client: in-flight GET sharing', () => {
  it('sends identical concurrent GETs once and shares the answer', async () => {
    const { requests } = installFakeFetch((request) => ({ ...ok(request.url), delayMs: 10 }));
    const [first, second, other] = await Promise.all([
      api.call('listContacts', { query: { page: 1 } }),
      api.call('listContacts', { query: { page: 1 } }),
      api.call('listContacts', { query: { page: 2 } }),
    ]);
    expect(first).toBe('/api/contacts?page=1');
    expect(second).toBe(first);
    expect(other).toBe('/api/contacts?page=2');
    expect(requests).toHaveLength(2);

    await api.call('listContacts', { query: { page: 1 } });
    expect(requests).toHaveLength(3);
  });

  it('never shares mutations', async () => {
    const { requests } = installFakeFetch(() => ({ ...ok('created'), delayMs: 10 }));
    await Promise.all([
      api.call('createList', { body: { name: 'A' } }),
      api.call('createList', { body: { name: 'A' } }),
    ]);
    expect(requests).toHaveLength(2);
  });
});
