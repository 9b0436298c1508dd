import { describe, expect, it, jest } from '@jest/globals';
import type { ContactListSummary, ListInput } from '@kith/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ListFormModal } from './ListFormModal.js';

const club: ContactListSummary = {
  _id: 'l1',
  userId: 'u',
  name: 'Book Club',
  description: null,
  color: '#10b981',
  reminderDays: 45,
  keepInTouch: true,
  contactCount: 0,
  overdueCount: 0,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

function renderForm(list: ContactListSummary | null, onSubmit = jest.fn(async (_input: ListInput) => true)) {
  render(
    <ListFormModal
      open
      list={list}
      error={null}
      onDismissError={() => undefined}
      onClose={() => undefined}
      onSubmit={onSubmit}
    />,
  );
  return onSubmit;
}

describe('ListFormModal', () => {
  it('opens a non-preset interval in Custom mode', () => {
    renderForm(club);
    expect(screen.getByRole('heading', { name: 'Edit List' })).toBeTruthy();
    expect(screen.getByLabelText('Reminder interval')).toHaveProperty('value', 'custom');
    expect(screen.getByLabelText('Custom days *')).toHaveProperty('value', '45');
  });

  it('refuses a missing name and an out-of-range custom interval', async () => {
    const onSubmit = renderForm(null);
    fireEvent.change(screen.getByLabelText('Reminder interval'), { target: { value: 'custom' } });
    fireEvent.change(await screen.findByLabelText('Custom days *'), { target: { value: '366' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create List' }));
    expect(await screen.findByText('List name is required')).toBeTruthy();
    expect(await screen.findByText('Must be less than 365 days')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the custom days over the preset, with the default colour', async () => {
    const onSubmit = renderForm(null);
    fireEvent.change(screen.getByLabelText('List Name *'), { target: { value: '  Neighbours ' } });
    fireEvent.change(screen.getByLabelText('Reminder interval'), { target: { value: 'custom' } });
    fireEvent.change(await screen.findByLabelText('Custom days *'), { target: { value: '21' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create List' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        name: 'Neighbours',
        description: null,
        reminderDays: 21,
        color: '#3B82F6',
        keepInTouch: true,
      }),
    );
  });
});
