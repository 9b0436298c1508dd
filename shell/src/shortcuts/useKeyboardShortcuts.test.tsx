import { describe, expect, it } from '@jest/globals';
import { Modal } from '@kith/web-kit';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { useKeyboardShortcuts } from './useKeyboardShortcuts.js';

/** The contacts screen as far as shortcuts go: the search, Add Contact and its dialog, a card. */
function Contacts() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <input aria-label="Search" data-shortcut-target="search" />
      <button type="button" data-shortcut-target="add-contact" onClick={() => setOpen(true)}>
        Add Contact
      </button>
      <button type="button">Ada Lovelace</button>
      <Modal open={open} onClose={() => setOpen(false)} title="Add Contact">
        <input aria-label="First name" />
      </Modal>
    </>
  );
}

function App() {
  useKeyboardShortcuts();
  return (
    <Routes>
      <Route path="/dashboard" element={<Link to="/lists">Your Lists</Link>} />
      <Route path="/contacts" element={<Contacts />} />
    </Routes>
  );
}

const press = (key: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key });
const nextFrames = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('a dialog opened by a shortcut', () => {
  it('gives the focus back where it was when the key was pressed', async () => {
    render(
      <MemoryRouter initialEntries={['/contacts']}>
        <App />
      </MemoryRouter>,
    );
    const card = screen.getByRole('button', { name: 'Ada Lovelace' });
    card.focus();
    press('n');
    await nextFrames();
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(card);
  });

  it('after changing pages, gives it to the control the shortcut stands for, never the page body', async () => {
    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <App />
      </MemoryRouter>,
    );
    screen.getByRole('link', { name: 'Your Lists' }).focus();
    press('n');
    await nextFrames();
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add Contact' }));
  });
});
