import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, waitFor } from '@testing-library/react';
import { announcePageName, contactApiPath, listApiPath, session } from '@kith/web-kit';
import { useContactName, useListName } from './useNames.js';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** The API answers each path with the named entity. */
function serve(answers: Record<string, unknown>) {
  globalThis.fetch = jest.fn(async (url: string) => {
    const path = new URL(String(url), 'http://kith.test').pathname.replace(/^\/api/, '');
    return { status: 200, ok: true, json: async () => ({ success: true, data: answers[path] }) } as Response;
  }) as unknown as typeof fetch;
}

function Names({ contactId, listId }: { contactId: string; listId: string }) {
  return (
    <p>
      <span data-testid="contact">{useContactName(contactId) ?? '…'}</span>
      <span data-testid="list">{useListName(listId) ?? '…'}</span>
    </p>
  );
}

describe('names of the page’s contact and list (breadcrumbs, title)', () => {
  it('follow a rename announced by a remote instead of keeping the first answer', async () => {
    session.saveTokens({ accessToken: 'access', refreshToken: 'refresh' });
    serve({ '/contacts/c-1': { firstName: 'Ada', lastName: 'Byron' }, '/lists/l-1': { name: 'Friends' } });
    render(<Names contactId="c-1" listId="l-1" />);
    expect(await screen.findByText('Ada Byron')).toBeTruthy();
    expect(await screen.findByText('Friends')).toBeTruthy();

    act(() => {
      announcePageName(contactApiPath('c-1'), 'Ada Lovelace');
      announcePageName(listApiPath('l-1'), 'Old friends');
    });
    expect(screen.getByTestId('contact').textContent).toBe('Ada Lovelace');
    expect(screen.getByTestId('list').textContent).toBe('Old friends');
    // A page opened later reads the new name too, without asking the API again.
    const calls = (globalThis.fetch as jest.Mock).mock.calls.length;
    render(<Names contactId="c-1" listId="l-1" />);
    await waitFor(() => expect(screen.getAllByText('Ada Lovelace')).toHaveLength(2));
    expect((globalThis.fetch as jest.Mock).mock.calls.length).toBe(calls);
  });
});
