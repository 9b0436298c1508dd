import { describe, expect, it } from '@jest/globals';
import { LinkedForm, useOpenFormFromLink } from '@kith/web-kit';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { FirstSteps } from './FirstSteps.js';

/** A screen as ContactsScreen and ListsScreen are: its forms open when a link asks for them. */
function Screen({ forms }: { forms: LinkedForm[] }) {
  const [open, setOpen] = useState<string | null>(null);
  const location = useLocation();
  for (const form of forms) {
    useOpenFormFromLink(form, () => setOpen(form));
  }
  return (
    <>
      <p data-testid="where">{location.pathname + location.search}</p>
      {open && <div role="dialog" aria-label={open} />}
    </>
  );
}

function renderApp() {
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route path="/dashboard" element={<FirstSteps />} />
        <Route path="/contacts" element={<Screen forms={[LinkedForm.ADD_CONTACT, LinkedForm.IMPORT_CONTACTS]} />} />
        <Route path="/lists" element={<Screen forms={[LinkedForm.CREATE_LIST]} />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('FirstSteps', () => {
  it.each([
    ['Add a contact', '/contacts', LinkedForm.ADD_CONTACT],
    ['Import contacts', '/contacts', LinkedForm.IMPORT_CONTACTS],
    ['Create a list', '/lists', LinkedForm.CREATE_LIST],
  ])('"%s" goes to %s and opens the form it names, once', (action, path, form) => {
    renderApp();
    fireEvent.click(screen.getByRole('link', { name: action }));
    expect(screen.getByRole('dialog', { name: form })).toBeTruthy();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    // The word leaves the address: going back or reloading does not open the form again.
    expect(screen.getByTestId('where').textContent).toBe(path);
  });
});
