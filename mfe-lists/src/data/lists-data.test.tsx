import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { ContactListSummary } from '@kith/contracts';
import { ApiError, notify } from '@kith/web-kit';
import { createQueryClient, queryKeys } from '@kith/web-kit/data';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { listsApi } from '../api/lists-api.js';
import { useLists } from './lists-data.js';

const list = (id: string, name: string): ContactListSummary => ({
  _id: id,
  userId: 'u',
  name,
  description: null,
  color: '#3B82F6',
  reminderDays: 30,
  keepInTouch: true,
  contactCount: 0,
  overdueCount: 0,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});

function setup(arrange: () => void = () => undefined) {
  const messages: string[] = [];
  let stored = [list('a', 'Family')];
  jest.spyOn(listsApi, 'list').mockImplementation(async () => stored);
  jest.spyOn(listsApi, 'create').mockImplementation(async (input) => {
    const created = list('b', input.name);
    stored = [...stored, created];
    return created;
  });
  jest.spyOn(notify, 'success').mockImplementation((message) => void messages.push(`ok: ${message}`) as never);
  jest.spyOn(notify, 'error').mockImplementation((message) => void messages.push(`error: ${message}`) as never);
  arrange();
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useLists(), { wrapper });
  return { result, messages, client };
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('lists data', () => {
  it('reloads the lists after a successful create, and marks contacts and the dashboard stale', async () => {
    const { result, messages, client } = setup();
    await waitFor(() => expect(result.current.lists).toHaveLength(1));
    client.setQueryData(queryKeys.contact('c1'), { _id: 'c1' });
    let saved = false;
    await act(async () => {
      saved = await result.current.create({ name: 'Work' });
    });
    expect(saved).toBe(true);
    expect(result.current.lists?.map((l) => l.name)).toEqual(['Family', 'Work']);
    expect(messages).toEqual(['ok: List created successfully']);
    expect(client.getQueryState(queryKeys.contact('c1'))?.isInvalidated).toBe(true);
  });

  it("puts the server's error in the banner and toasts a failed create", async () => {
    const refused = new ApiError({ message: 'name: List name is required', status: 400, fromServer: true });
    const { result, messages } = setup(() => jest.spyOn(listsApi, 'create').mockRejectedValue(refused));
    let saved = true;
    await act(async () => {
      saved = await result.current.create({ name: '' });
    });
    expect(saved).toBe(false);
    expect(result.current.error).toBe('name: List name is required');
    expect(messages).toEqual(['error: Failed to create list']);
    act(() => result.current.dismissError());
    expect(result.current.error).toBeNull();
  });

  it('uses its own wording when the server gave none', async () => {
    const { result, messages } = setup(() =>
      jest.spyOn(listsApi, 'remove').mockRejectedValue(new ApiError({ message: 'Could not reach the server.' })),
    );
    let removed = true;
    await act(async () => {
      removed = await result.current.remove('a');
    });
    expect(removed).toBe(false);
    expect(result.current.error).toBe('Failed to delete list');
    expect(messages).toEqual([]);
  });

  it('marks a failed first load as an error with the fetch message', async () => {
    const { result } = setup(() => jest.spyOn(listsApi, 'list').mockRejectedValue(new Error('offline')));
    await waitFor(() => expect(result.current.loadError).toBe('Failed to fetch lists'));
  });
});
