import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { configureApi } from '../api/client.js';
import { session } from '../api/session.js';
import { fail, installFakeFetch, ok } from '../test-support/fake-fetch.js';
import { useAuthStore } from './useAuthStore.js';

const user = {
  _id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  createdAt: '2026-01-01T00:00:00.000Z',
  emailVerified: true,
  isOperator: false,
};
const tokens = { accessToken: 'access-1', refreshToken: 'refresh-1' };
const initial = useAuthStore.getState();

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState(initial, true);
  configureApi({ onSessionExpired: () => undefined });
});

afterEach(() => {
  jest.useRealTimers();
});

describe('useAuthStore', () => {
  it('starts loading and unauthenticated', () => {
    expect(useAuthStore.getState()).toMatchObject({ isLoading: true, isAuthenticated: false, error: null });
  });

  it('checkAuth without an access token ends signed out at once, without a request', async () => {
    const { requests } = installFakeFetch(() => ok({ user }));
    await useAuthStore.getState().checkAuth();
    expect(useAuthStore.getState()).toMatchObject({
      isLoading: false,
      isAuthenticated: false,
      user: null,
      error: null,
    });
    expect(requests).toHaveLength(0);
  });

  it('checkAuth with a token loads the profile', async () => {
    session.saveTokens(tokens);
    installFakeFetch((request) => (request.url === '/api/auth/me' ? ok({ user }) : fail(404, 'Not found')));
    await useAuthStore.getState().checkAuth();
    expect(useAuthStore.getState()).toMatchObject({ isLoading: false, isAuthenticated: true, user });
  });

  it('checkAuth clears every credential when the profile cannot be loaded, without an error', async () => {
    session.saveTokens(tokens);
    session.saveUser(user);
    installFakeFetch(() => fail(404, 'Not found'));
    await useAuthStore.getState().checkAuth();
    expect(useAuthStore.getState()).toMatchObject({
      isLoading: false,
      isAuthenticated: false,
      user: null,
      error: null,
    });
    expect([session.accessToken(), session.refreshToken(), session.storedUser()]).toEqual([null, null, null]);
  });

  it('checkAuth gives up after 10 seconds', async () => {
    jest.useFakeTimers();
    session.saveTokens(tokens);
    installFakeFetch(() => ({ ...ok({ user }), delayMs: 60_000 }));
    const check = useAuthStore.getState().checkAuth();
    await jest.advanceTimersByTimeAsync(10_001);
    await check;
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, isLoading: false });
    expect(session.accessToken()).toBeNull();
  });

  it('login saves the tokens and the user', async () => {
    const { requests } = installFakeFetch(() => ok({ user, tokens }));
    await useAuthStore.getState().login({ email: user.email, password: 'secret1' });
    expect(requests[0]).toMatchObject({
      url: '/api/auth/login',
      method: 'POST',
      body: { email: user.email, password: 'secret1' },
    });
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, isLoading: false, user });
    expect(session.accessToken()).toBe('access-1');
    expect(session.storedUser()).toEqual(user);
  });

  it("login failure keeps the server's message", async () => {
    installFakeFetch(() => fail(401, 'Invalid email or password'));
    await expect(useAuthStore.getState().login({ email: user.email, password: 'wrong-1' })).rejects.toThrow();
    expect(useAuthStore.getState()).toMatchObject({
      isAuthenticated: false,
      isLoading: false,
      error: 'Invalid email or password',
    });
  });

  it("login without an answer from the server says 'Login failed', registration 'Registration failed'", async () => {
    installFakeFetch(() => ({ status: 0, networkError: true }));
    await expect(useAuthStore.getState().login({ email: user.email, password: 'secret1' })).rejects.toThrow();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, isLoading: false, error: 'Login failed' });

    await expect(useAuthStore.getState().register({ ...user, password: 'secret1' })).rejects.toThrow();
    expect(useAuthStore.getState().error).toBe('Registration failed');
  });

  it('login to an account with two-factor sign-in hands back the challenge and stores nothing yet', async () => {
    const challenge = { twoFactorRequired: true, challenge: 'challenge-1', expiresAt: '2026-01-01T00:05:00.000Z' };
    installFakeFetch(() => ok(challenge));
    const outcome = await useAuthStore.getState().login({ email: user.email, password: 'secret1' });
    expect(outcome).toEqual({ status: 'two-factor', challenge });
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, isLoading: false, error: null });
    expect([session.accessToken(), session.storedUser()]).toEqual([null, null]);
  });

  it('the code step signs in with the challenge and a code or a recovery code', async () => {
    const { requests } = installFakeFetch(() => ok({ user, tokens }));
    await expect(useAuthStore.getState().completeTwoFactorLogin('challenge-1', { code: '123456' })).resolves.toEqual(
      user,
    );
    expect(requests[0]).toMatchObject({
      url: '/api/auth/login/2fa',
      method: 'POST',
      body: { challenge: 'challenge-1', code: '123456' },
    });
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user });
    expect(session.accessToken()).toBe('access-1');

    await useAuthStore.getState().completeTwoFactorLogin('challenge-2', { recoveryCode: 'abcd-efgh-jkmn' });
    expect(requests[1]!.body).toEqual({ challenge: 'challenge-2', recoveryCode: 'abcd-efgh-jkmn' });
  });

  it("a wrong code keeps the server's message and stays signed out", async () => {
    installFakeFetch(() => fail(401, 'Invalid authentication code', 'INVALID_TWO_FACTOR_CODE'));
    await expect(
      useAuthStore.getState().completeTwoFactorLogin('challenge-1', { code: '000000' }),
    ).rejects.toMatchObject({ status: 401, code: 'INVALID_TWO_FACTOR_CODE' });
    expect(useAuthStore.getState()).toMatchObject({
      isAuthenticated: false,
      isLoading: false,
      error: 'Invalid authentication code',
    });
  });

  it('logout forgets the session and tells the server', async () => {
    const { requests } = installFakeFetch(() => ok({ user, tokens }));
    await useAuthStore.getState().login({ email: user.email, password: 'secret1' });
    useAuthStore.getState().logout();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, user: null });
    expect(session.accessToken()).toBeNull();
    expect(requests.at(-1)).toMatchObject({ url: '/api/auth/logout', body: { refreshToken: 'refresh-1' } });
  });
});
