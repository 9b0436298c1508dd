import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import { session } from '@kith/web-kit';
import { WebhookSettings } from './WebhookSettings.js';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('Webhook settings', () => {
  it('stays disabled until the saved settings arrive, so they never overwrite what was typed', async () => {
    session.saveTokens({ accessToken: 'access', refreshToken: 'refresh' });
    let answerSettings: () => void = () => undefined;
    const settingsArrived = new Promise<void>((resolve) => (answerSettings = resolve));
    globalThis.fetch = jest.fn(async (url: string) => {
      if (String(url).endsWith('/notifications/webhook')) await settingsArrived;
      const data = String(url).endsWith('/notifications/webhook')
        ? { url: 'https://ntfy.example/kith', format: 'ntfy' }
        : { items: [] };
      return { status: 200, ok: true, json: async () => ({ success: true, data }) } as Response;
    }) as unknown as typeof fetch;

    render(<WebhookSettings />);
    const field = screen.getByLabelText('Webhook URL') as HTMLInputElement;
    expect(field.disabled).toBe(true);
    expect((screen.getByLabelText('Format') as HTMLSelectElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);

    answerSettings();
    await waitFor(() => expect(field.disabled).toBe(false));
    expect(field.value).toBe('https://ntfy.example/kith');
    expect((screen.getByLabelText('Format') as HTMLSelectElement).value).toBe('ntfy');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
