import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fail, installFakeFetch, ok } from '../test-support/fake-fetch.js';
import { renderWithClient } from '../test-support/render-with-client.js';
import { LogContactDialog } from './LogContactDialog.js';
import type { ContactedPreview } from './useContactActions.js';
import { toLocalDateTimeInput } from '../contact-actions/log-contact.js';

const olive = { _id: 'c1', firstName: 'Olive', lastName: 'Never' };

afterEach(() => {
  jest.restoreAllMocks();
});

describe('LogContactDialog', () => {
  it('defaults to a phone call now, refuses a future date, then logs with trimmed notes', async () => {
    const { requests } = installFakeFetch(() =>
      ok({ contact: { ...olive, lastContactDate: new Date().toISOString() }, communication: {} }),
    );
    const onLogged = jest.fn();
    const onClose = jest.fn();
    renderWithClient(<LogContactDialog contact={olive} onClose={onClose} onLogged={onLogged} />);

    expect(screen.getByRole('heading', { name: 'Log Contact with Olive Never' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Phone Call' }).getAttribute('aria-checked')).toBe('true');
    const when = screen.getByLabelText('Date and time') as HTMLInputElement;
    expect(when.value.slice(0, 10)).toBe(toLocalDateTimeInput(new Date()).slice(0, 10));

    fireEvent.change(when, { target: { value: toLocalDateTimeInput(new Date(Date.now() + 86_400_000)) } });
    fireEvent.click(screen.getByRole('button', { name: 'Log Contact' }));
    expect(await screen.findByText('Date cannot be later than today')).toBeTruthy();
    expect(requests).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Yesterday' }));
    fireEvent.click(screen.getByRole('radio', { name: 'In Person' }));
    fireEvent.change(screen.getByLabelText('Notes (optional)'), { target: { value: '  lunch  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log Contact' }));

    await waitFor(() => expect(onLogged).toHaveBeenCalled());
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual(['POST /api/communications/log']);
    const body = requests[0]!.body as Record<string, string>;
    expect(body).toMatchObject({ contactId: 'c1', type: 'IN_PERSON', notes: 'lunch' });
    expect(Date.now() - Date.parse(body.timestamp!)).toBeGreaterThan(23 * 3_600_000);
    expect(onClose).toHaveBeenCalled();
  });

  it('allows a time later today (today is not in the future)', async () => {
    const { requests } = installFakeFetch(() => ok({ contact: { ...olive }, communication: {} }));
    const onClose = jest.fn();
    renderWithClient(<LogContactDialog contact={olive} onClose={onClose} />);
    const now = new Date();
    const lastMinuteToday = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59);
    const when = screen.getByLabelText('Date and time') as HTMLInputElement;
    expect(when.max).toBe(toLocalDateTimeInput(lastMinuteToday));
    fireEvent.change(when, { target: { value: toLocalDateTimeInput(lastMinuteToday) } });
    fireEvent.click(screen.getByRole('button', { name: 'Log Contact' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByText('Date cannot be later than today')).toBeNull();
    expect(Date.parse((requests[0]!.body as { timestamp: string }).timestamp)).toBe(lastMinuteToday.getTime());
  });

  it("shows the log at once through the screen's preview, puts it back when the server refuses, and stays open", async () => {
    let refuse = true;
    const { requests } = installFakeFetch(() =>
      refuse ? fail(404, 'Contact not found', 'NOT_FOUND') : ok({ contact: { ...olive }, communication: {} }),
    );
    const rollback = jest.fn();
    const preview = jest.fn<ContactedPreview>(() => rollback);
    const onLogged = jest.fn();
    const onClose = jest.fn();
    renderWithClient(<LogContactDialog contact={olive} onClose={onClose} onLogged={onLogged} preview={preview} />);
    fireEvent.click(screen.getByRole('button', { name: 'Log Contact' }));
    await waitFor(() => expect(rollback).toHaveBeenCalledTimes(1));
    expect(preview).toHaveBeenCalledWith(
      expect.anything(),
      'c1',
      (requests[0]!.body as { timestamp: string }).timestamp,
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Log Contact' }).hasAttribute('disabled')).toBe(false),
    );
    expect(onClose).not.toHaveBeenCalled();

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Log Contact' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onLogged).toHaveBeenCalledWith(expect.objectContaining({ _id: 'c1' }));
    expect(preview).toHaveBeenCalledTimes(2);
    expect(rollback).toHaveBeenCalledTimes(1);
  });

  it('moves between methods with the arrow keys, one tab stop for the group', () => {
    renderWithClient(<LogContactDialog contact={olive} onClose={() => undefined} />);
    const phone = screen.getByRole('radio', { name: 'Phone Call' });
    expect(screen.getAllByRole('radio').map((radio) => radio.tabIndex)).toEqual([0, -1, -1, -1, -1]);
    phone.focus();
    fireEvent.keyDown(phone, { key: 'ArrowRight' });
    const text = screen.getByRole('radio', { name: 'Text Message' });
    expect(text.getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(text);
    fireEvent.keyDown(text, { key: 'ArrowLeft' });
    fireEvent.keyDown(phone, { key: 'ArrowLeft' });
    expect(screen.getByRole('radio', { name: 'Other' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(phone.getAttribute('aria-checked')).toBe('true');
  });
});
