import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { api, session } from '@kith/web-kit';
import { useState } from 'react';
import { stepUpGrant } from './step-up-grant.js';
import { StepUpProvider, useStepUp } from './useStepUp.js';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  stepUpGrant.forget();
});

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** The server: a guarded route that wants a grant, and the step-up route (password 'right', then a code). */
function fakeServer() {
  const sent: Sent[] = [];
  const reply = (status: number, body: unknown) => ({ status, ok: status < 300, json: async () => body }) as Response;
  globalThis.fetch = jest.fn(async (url: string, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ url: String(url), headers, body });
    if (String(url).endsWith('/auth/step-up')) {
      if (body.password !== 'right')
        return reply(401, { success: false, error: 'Incorrect password', code: 'INVALID_CREDENTIALS' });
      if (!body.code) return reply(401, { success: false, error: 'code needed', code: 'TWO_FACTOR_REQUIRED' });
      return reply(200, {
        success: true,
        data: { stepUpToken: 'grant-1', expiresAt: new Date(Date.now() + 300_000).toISOString() },
      });
    }
    if (headers['X-Step-Up'] !== 'grant-1')
      return reply(403, { success: false, error: 'Confirm it is you', code: 'STEP_UP_REQUIRED' });
    return reply(201, { success: true, data: { done: true } });
  }) as unknown as typeof fetch;
  return sent;
}

function GuardedButton() {
  const guarded = useStepUp();
  const [outcome, setOutcome] = useState('none');
  const act = async () => {
    const answer = await guarded((headers) => api.call('createAppPassword', { headers, body: { name: 'Phone' } }));
    setOutcome(answer ? 'done' : 'cancelled');
  };
  return (
    <>
      <button onClick={() => void act()}>Act</button>
      <output>{outcome}</output>
    </>
  );
}

describe('useStepUp', () => {
  it('asks for the password, then a code when the server wants one, and repeats the change with the grant', async () => {
    session.saveTokens({ accessToken: 'access', refreshToken: 'refresh' });
    const sent = fakeServer();
    render(
      <StepUpProvider>
        <GuardedButton />
      </StepUpProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Act' }));
    const password = await screen.findByLabelText('Your password');
    fireEvent.change(password, { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Incorrect password')).toBeTruthy();

    fireEvent.change(password, { target: { value: 'right' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const code = await screen.findByLabelText('Authentication code');
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(screen.getByText('done')).toBeTruthy());
    const guardedCalls = sent.filter((request) => request.url.endsWith('/auth/app-passwords'));
    expect(guardedCalls.map((request) => request.headers['X-Step-Up'])).toEqual([undefined, 'grant-1']);
    // The grant is reused while it lasts: no dialog the second time.
    fireEvent.click(screen.getByRole('button', { name: 'Act' }));
    await waitFor(() => expect(sent.filter((request) => request.url.endsWith('/auth/app-passwords'))).toHaveLength(3));
    expect(screen.queryByLabelText('Your password')).toBeNull();
  });

  it('resolves as cancelled when the person closes the dialog, and changes nothing', async () => {
    session.saveTokens({ accessToken: 'access', refreshToken: 'refresh' });
    fakeServer();
    render(
      <StepUpProvider>
        <GuardedButton />
      </StepUpProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Act' }));
    await screen.findByLabelText('Your password');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByText('cancelled')).toBeTruthy());
  });
});
