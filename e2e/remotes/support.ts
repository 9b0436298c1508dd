import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { elementsPastRightEdge } from '../support/screens.js';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A signed-in person the remotes' tests act as: their credentials and an API client of their own. */
export interface TestUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  accessToken: string;
  refreshToken: string;
  user: Record<string, unknown>;
}

interface Envelope<T> {
  success: boolean;
  data: T;
  error?: string;
}

export const MAILDEV_URL = process.env.MAILDEV_URL;

async function unwrap<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as Envelope<T>;
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${body.error ?? ''}`).toBeTruthy();
  return body.data;
}

/** A fresh account per test file, so tests never see each other's data. */
export async function registerUser(request: APIRequestContext, firstName = 'Robin'): Promise<TestUser> {
  const email = `remotes-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'correct-horse-9';
  const lastName = 'Tester';
  const data = await unwrap<{ user: Record<string, unknown>; tokens: { accessToken: string; refreshToken: string } }>(
    await request.post('/api/auth/register', { data: { firstName, lastName, email, password } }),
  );
  return { email, password, firstName, lastName, ...data.tokens, user: data.user };
}

export async function loginAs(request: APIRequestContext, email: string, password: string): Promise<TestUser> {
  const data = await unwrap<{
    user: Record<string, unknown> & { firstName: string; lastName: string };
    tokens: { accessToken: string; refreshToken: string };
  }>(await request.post('/api/auth/login', { data: { email, password } }));
  return {
    email,
    password,
    firstName: data.user.firstName,
    lastName: data.user.lastName,
    ...data.tokens,
    user: data.user,
  };
}

/** Opens `path` already signed in (the stored session the shell reads at start), with the tour seen. */
export async function openAs(page: Page, user: TestUser, path: string): Promise<void> {
  await page.addInitScript((session) => {
    if (sessionStorage.getItem('e2e-session-set')) return;
    sessionStorage.setItem('e2e-session-set', '1');
    localStorage.setItem('accessToken', session.accessToken);
    localStorage.setItem('refreshToken', session.refreshToken);
    localStorage.setItem('user', JSON.stringify(session.user));
    localStorage.setItem('hasSeenTour', 'true');
  }, user);
  await page.goto(path);
}

/** The API as this user, for arranging data a test starts from. */
export function apiAs(request: APIRequestContext, user: TestUser) {
  const headers = { Authorization: `Bearer ${user.accessToken}` };
  return {
    get: async <T>(path: string) => unwrap<T>(await request.get(`/api${path}`, { headers })),
    post: async <T>(path: string, data?: unknown) => unwrap<T>(await request.post(`/api${path}`, { headers, data })),
    put: async <T>(path: string, data?: unknown) => unwrap<T>(await request.put(`/api${path}`, { headers, data })),
  };
}

export interface SeededContact {
  _id: string;
  firstName: string;
  lastName: string;
}

/** ISO date `days` ago. */
export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

const SCREENSHOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/**
 * Screenshot into e2e/screenshots/<name>-<width>.png: the whole page for screens, the viewport
 * for dialogs (a fixed overlay does not stretch over a full-page capture). Toasts are waited out.
 * `shows` is what makes this state this state (the open panel, the errors, the menu): it must be
 * visible, so a screenshot never silently captures the wrong screen. With `dialog`, a dialog must be open.
 * `viewportOnly` captures what is on screen of a long (virtualised) page instead of all its height.
 */
export async function screenshot(
  page: Page,
  name: string,
  {
    dialog = false,
    viewportOnly = false,
    shows = [],
  }: { dialog?: boolean; viewportOnly?: boolean; shows?: Locator | Locator[] } = {},
): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const part of [...(dialog ? [page.getByRole('dialog')] : []), ...[shows].flat()]) {
    await expect(part, `${name}: ${part} is on screen`).toBeVisible();
  }
  await expect(page.locator('[data-rht-toaster] > div')).toHaveCount(0);
  // The shell's demo notices vanish after 5 s.
  await expect(page.getByText('Welcome to the Kith demo!')).toHaveCount(0);
  const width = page.viewportSize()?.width ?? 0;
  expect(await elementsPastRightEdge(page), `${name} at ${width}px: elements past the right edge`).toEqual([]);
  await page.screenshot({
    path: join(SCREENSHOT_DIR, `${name}-${width}.png`),
    fullPage: !dialog && !viewportOnly,
    animations: 'disabled',
  });
}

export const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
