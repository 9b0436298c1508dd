import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { Contact } from '@kith/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { notify } from '../feedback/notify.js';
import { installFakeFetch, ok } from '../test-support/fake-fetch.js';
import { renderWithClient } from '../test-support/render-with-client.js';
import { ContactDialog } from './ContactDialog.js';

const ada = {
  _id: 'c1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phoneNumber: '+44 20 7946 0000',
  email: null,
  reminderDate: null,
} as unknown as Contact;

afterEach(() => {
  jest.restoreAllMocks();
});

describe('ContactDialog', () => {
  it("logs an interaction in one tap through POST /contacts/{id}/log-contact: 'Interaction logged successfully'", async () => {
    const { requests } = installFakeFetch(() =>
      ok({ contact: { ...ada, lastContactDate: new Date().toISOString() }, communication: {} }),
    );
    const success = jest.spyOn(notify, 'success');
    const onChanged = jest.fn();
    const onClose = jest.fn();
    renderWithClient(<ContactDialog contact={ada} onClose={onClose} onChanged={onChanged} />);

    fireEvent.click(screen.getByRole('radio', { name: 'Text Message' }));
    fireEvent.change(screen.getByLabelText('Notes (optional)'), { target: { value: '  about the trip ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log Interaction' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /api/contacts/c1/log-contact',
    ]);
    expect(requests[0]!.body).toEqual({ type: 'TEXT', notes: 'about the trip' });
    expect(success).toHaveBeenCalledWith('Interaction logged successfully');
    expect(onChanged).toHaveBeenCalled();
  });

  it('Mark as Contacted stays on PATCH …/mark-contacted', async () => {
    const { requests } = installFakeFetch(() => ok({ contact: ada }));
    const onClose = jest.fn();
    renderWithClient(<ContactDialog contact={ada} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Mark as Contacted' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'PATCH /api/contacts/c1/mark-contacted',
    ]);
  });
});
