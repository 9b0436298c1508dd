import { describe, expect, it, jest } from '@jest/globals';
import type { ContactInput } from '@kith/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ContactFormModal } from './ContactFormModal.js';

function renderForm(onSubmit = jest.fn((_input: ContactInput) => undefined)) {
  render(
    <ContactFormModal
      open
      contact={null}
      lists={[]}
      defaultListId={null}
      onClose={() => undefined}
      onSubmit={onSubmit}
    />,
  );
  return onSubmit;
}

// Validation is asynchronous (the resolver); a loaded machine can take more than findBy's second.
const shown = (text: string) => screen.findByText(text, {}, { timeout: 10_000 });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ContactFormModal', () => {
  it("shows the contract's messages: names required, a valid e-mail, 1 to 365 reminder days", async () => {
    const onSubmit = renderForm();
    type('Email', 'not-an-email');
    type('Custom reminder (days)', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Add Contact' }));
    expect(await shown('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(screen.getByText('Must be at least 1 day')).toBeTruthy();
    type('Custom reminder (days)', '366');
    fireEvent.click(screen.getByRole('button', { name: 'Add Contact' }));
    expect(await shown('Must be less than 365 days')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits what the API takes: trimmed names, empty fields as none, the days as a number', async () => {
    const onSubmit = renderForm();
    type('First name *', '  Ada ');
    type('Last name *', 'Lovelace');
    type('Custom reminder (days)', '14');
    fireEvent.click(screen.getByRole('button', { name: 'Add Contact' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: null,
      listId: null,
      customReminderDays: 14,
      birthday: null,
      phones: [],
      emails: [],
    });
  });
});
