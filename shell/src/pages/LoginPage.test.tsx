import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ErrorCode, TwoFactorMessage } from '@kith/contracts';
import { useAuthStore } from '@kith/web-kit';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import LoginPage from './LoginPage.js';

const user = {
  _id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  createdAt: '2026-01-01T00:00:00Z',
};
const tokens = { accessToken: 'access-1', refreshToken: 'refresh-1' };
const challenge = { twoFactorRequired: true, challenge: 'challenge-1', expiresAt: '2026-01-01T00:05:00Z' };

type Reply = { status: number; body: unknown };
const ok = (data: unknown): Reply => ({ status: 200, body: { success: true, data } });
const refused = (status: number, error: string, code: string): Reply => ({
  status,
  body: { success: false, error, code },
});

/** Answers each request to `path` with the next reply; records the bodies sent. */
function serve(replies: Record<string, Reply[]>) {
  const sent: { path: string; body: unknown }[] = [];
  globalThis.fetch = jest.fn(async (url: string, init: RequestInit = {}) => {
    const path = url.replace(/^\/api/, '');
    sent.push({ path, body: JSON.parse(String(init.body)) });
    const reply = replies[path]!.shift()!;
    return { status: reply.status, ok: reply.status < 300, json: async () => reply.body } as Response;
  }) as unknown as typeof fetch;
  return sent;
}

function renderLogin() {
  render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/dashboard" element={<h1>Dashboard</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function passwordStep() {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: user.email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  return screen.findByLabelText('Authentication code');
}

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ user: null, isAuthenticated: false, isLoading: false, error: null });
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('LoginPage with two-factor sign-in', () => {
  it('asks for the code after the password, says when it is wrong, and signs in with a recovery code', async () => {
    const sent = serve({
      '/auth/login': [ok(challenge)],
      '/auth/login/2fa': [
        refused(401, TwoFactorMessage.INVALID_CODE, ErrorCode.INVALID_TWO_FACTOR_CODE),
        ok({ user, tokens }),
      ],
    });
    renderLogin();
    const codeInput = await passwordStep();
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
    expect(document.activeElement).toBe(codeInput);
    expect(localStorage.getItem('accessToken')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(TwoFactorMessage.CODE_REQUIRED_FIELD)).toBeTruthy();
    fireEvent.change(codeInput, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(TwoFactorMessage.INVALID_CODE)).toBeTruthy();
    expect(sent[1]).toEqual({ path: '/auth/login/2fa', body: { challenge: 'challenge-1', code: '123456' } });

    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const recoveryInput = screen.getByLabelText('Recovery code');
    await waitFor(() => expect(document.activeElement).toBe(recoveryInput));
    fireEvent.change(recoveryInput, { target: { value: 'abcd-efgh-jkmn' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(sent[2]).toEqual({
      path: '/auth/login/2fa',
      body: { challenge: 'challenge-1', recoveryCode: 'abcd-efgh-jkmn' },
    });
    expect(localStorage.getItem('accessToken')).toBe('access-1');
  });

  it('goes back to the password, saying why, when the challenge has run out', async () => {
    serve({
      '/auth/login': [ok(challenge)],
      '/auth/login/2fa': [refused(401, TwoFactorMessage.TOO_MANY_ATTEMPTS, ErrorCode.TWO_FACTOR_CHALLENGE_INVALID)],
    });
    renderLogin();
    fireEvent.change(await passwordStep(), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(TwoFactorMessage.TOO_MANY_ATTEMPTS)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(screen.getByLabelText('Password')).toHaveProperty('value', '');
  });

  it('signs straight in when the account has no second factor', async () => {
    serve({ '/auth/login': [ok({ user, tokens })] });
    renderLogin();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: user.email } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });
});
