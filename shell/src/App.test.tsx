import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { useAuthStore } from '@kith/web-kit';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

/** Whether the pages under test throw when rendered (React itself renders a throwing page twice). */
let broken = true;
function crashingPage(name: string) {
  return function CrashingPage() {
    if (broken) throw new Error(`${name} failed to render`);
    return <h1>{name} rendered</h1>;
  };
}

// Only the pages under test are replaced: the routes, layout and boundaries are the shell's own.
jest.unstable_mockModule('./pages/SettingsPage.js', () => ({ SettingsPage: crashingPage('Settings') }));
jest.unstable_mockModule('./pages/EmailActionPage.js', () => ({ default: crashingPage('Email action') }));
const { App } = await import('./App.js');

const user = {
  _id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  createdAt: '2026-01-01',
  emailVerified: true,
  isOperator: false,
};

/** The profile for the auth check; every other call answers an empty success. */
function serveSignedIn() {
  globalThis.fetch = jest.fn(async (url: string) => {
    const data = String(url).endsWith('/auth/me') ? { user } : {};
    return { status: 200, ok: true, json: async () => ({ success: true, data }) } as Response;
  }) as unknown as typeof fetch;
}

function renderAppAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
}

/** Presses the retry button and lets the boundary's visible pause run out. */
async function retry() {
  fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
  expect(screen.getByText('Retrying...')).toBeTruthy();
  await act(async () => {
    await jest.advanceTimersByTimeAsync(1_000);
  });
}

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ user: null, isAuthenticated: false, isLoading: false, error: null });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
});

describe("the shell's error boundaries", () => {
  it('a crash in Settings shows the fallback with the retry flow under the header, and a retry re-renders it', async () => {
    localStorage.setItem('accessToken', 'access-1');
    localStorage.setItem('refreshToken', 'refresh-1');
    localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem('hasSeenTour', 'true');
    serveSignedIn();
    broken = true;
    renderAppAt('/settings');
    const fallback = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(fallback.textContent).toContain('Something went wrong');
    expect(fallback.textContent).toContain('We encountered an unexpected error.');
    // The header stays, so the user can go elsewhere.
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();

    jest.useFakeTimers();
    await retry();
    expect(screen.getByText('Retry attempt 1 of 3 failed.')).toBeTruthy();
    broken = false;
    await retry();
    expect(screen.getByRole('heading', { name: 'Settings rendered' })).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });

  it('a crash in a page outside the signed-in layout is caught at the app level; after 3 retries only Refresh Page remains', async () => {
    broken = true;
    renderAppAt('/email-action/some-token');
    expect(await screen.findByText('Something went wrong', {}, { timeout: 5_000 })).toBeTruthy();

    jest.useFakeTimers();
    await retry();
    expect(screen.getByText('Retry attempt 1 of 3 failed.')).toBeTruthy();
    await retry();
    expect(screen.getByText('Retry attempt 2 of 3 failed.')).toBeTruthy();
    await retry();
    expect(screen.getByText('Maximum retry attempts reached')).toBeTruthy();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Refresh Page']);
  });
});
