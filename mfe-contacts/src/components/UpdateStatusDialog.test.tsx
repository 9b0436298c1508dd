import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { Contact } from '@kith/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { UpdateStatusDialog } from './UpdateStatusDialog.js';

const ada = {
  _id: 'c1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  listId: null,
  lastContactDate: null,
} as unknown as Contact;
const family = { _id: 'l1', name: 'Family' } as never;

afterEach(() => {
  jest.restoreAllMocks();
});

describe('UpdateStatusDialog', () => {
  it('collects how and a note but saves only lastContactDate and listId, through the store', async () => {
    const update = jest.fn(async (_id: string, _status: { lastContactDate: string; listId: string | null }) => ada);
    const onClose = jest.fn();
    render(<UpdateStatusDialog contact={ada} lists={[family]} onClose={onClose} onSubmit={update} />);

    fireEvent.click(screen.getByRole('radio', { name: 'In Person' }));
    expect(screen.getByRole('radio', { name: 'In Person' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.change(screen.getByLabelText('Notes (optional)'), { target: { value: 'Dinner at hers' } });
    fireEvent.change(screen.getByLabelText('List'), { target: { value: 'l1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Yesterday' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update Status' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(update).toHaveBeenCalledTimes(1);
    const [id, body] = update.mock.calls[0]!;
    expect(id).toBe('c1');
    expect(Object.keys(body).sort()).toEqual(['lastContactDate', 'listId']);
    expect(Date.parse(body.lastContactDate)).toBeLessThan(Date.now());
    expect(body.listId).toBe('l1');
  });

  it('stays open when the store could not save (the store shows the failure and rolls back)', async () => {
    const onClose = jest.fn();
    const onSubmit = jest.fn(async () => null);
    render(<UpdateStatusDialog contact={ada} lists={[family]} onClose={onClose} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Update Status' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Update Status' }).hasAttribute('disabled')).toBe(false),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
