import { describe, expect, it, jest } from '@jest/globals';
import type { UpcomingContact, UpcomingForUserResponse } from '@kith/contracts';
import { api } from '@kith/web-kit';
import { createQueryClient } from '@kith/web-kit/data';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { ComingUpPanel } from './ComingUpPanel.js';

const upcoming = (overrides: Partial<UpcomingContact>): UpcomingContact => ({
  _id: 'c1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  listName: null,
  lastContactDate: '2026-01-01T10:00:00Z',
  reminderDays: 30,
  reason: 'due',
  dueDate: '2026-01-31T10:00:00Z',
  daysUntilDue: 3,
  reminderNotes: null,
  ...overrides,
});

function ContactRoute() {
  const { contactId } = useParams();
  return <p>Page of {contactId}</p>;
}

function renderPanel(items: UpcomingContact[], onLog = jest.fn()) {
  const answer: UpcomingForUserResponse = { items, totalItems: items.length };
  const call = jest.spyOn(api, 'call').mockResolvedValue(answer as never);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route path="/dashboard" element={<ComingUpPanel onLog={onLog} />} />
          <Route path="/contacts/:contactId" element={<ContactRoute />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { call, onLog };
}

describe('ComingUpPanel', () => {
  it('links every name, due or scheduled, to the contact page', async () => {
    const { call } = renderPanel([
      upcoming({}),
      upcoming({ _id: 'c/2', firstName: 'Grace', lastName: 'Hopper', reason: 'scheduled', reminderNotes: 'Call' }),
    ]);
    const ada = await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(call.mock.calls.map(([operationId]) => operationId)).toContain('listUpcomingReminders');
    expect(ada.getAttribute('href')).toBe('/contacts/c1');
    // Ids are path-encoded like every other contact link.
    expect(screen.getByRole('link', { name: 'Grace Hopper' }).getAttribute('href')).toBe('/contacts/c%2F2');

    fireEvent.click(ada);
    expect(await screen.findByText('Page of c1')).toBeTruthy();
  });

  it('keeps Log Contact beside the link', async () => {
    const { onLog } = renderPanel([upcoming({})]);
    fireEvent.click(await screen.findByRole('button', { name: 'Log Contact with Ada Lovelace' }));
    expect(onLog).toHaveBeenCalledWith(expect.objectContaining({ _id: 'c1' }));
  });
});
