import { describe, expect, it, jest } from '@jest/globals';
import type { Contact } from '@kith/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { SnoozeMenu } from './SnoozeMenu.js';

const ada = { _id: 'c1', firstName: 'Ada', lastName: 'Lovelace', snoozedUntil: null } as Contact;
const snoozedAda = { ...ada, snoozedUntil: new Date(Date.now() + 86_400_000).toISOString() } as Contact;

describe('SnoozeMenu', () => {
  it('works with the keyboard: ArrowDown opens on the first item, arrows move and wrap, Enter chooses, focus returns', () => {
    const onSnooze = jest.fn();
    render(<SnoozeMenu contact={snoozedAda} onSnooze={onSnooze} />);
    const button = screen.getByRole('button', { name: 'Snooze Ada Lovelace' });
    button.focus();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Snooze for 1 day',
      'Snooze for 1 week',
      'Snooze for 1 month',
      'Stop snoozing',
    ]);
    expect(document.activeElement).toBe(items[0]);
    const menu = screen.getByRole('menu');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items[3]);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement).toBe(items[3]);
    fireEvent.keyDown(menu, { key: 'Home' });
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    // A menu item is a button: Enter activates it as a click.
    fireEvent.click(document.activeElement!);
    expect(onSnooze).toHaveBeenCalledWith(snoozedAda, 'week');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('opens on the last item with ArrowUp, and Escape closes it back to the button', () => {
    render(<SnoozeMenu contact={ada} onSnooze={() => undefined} />);
    const button = screen.getByRole('button', { name: 'Snooze Ada Lovelace' });
    button.focus();
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    expect(document.activeElement?.textContent).toBe('Snooze for 1 month');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('puts the focus on the first item when opened by a click, so arrows work at once', () => {
    render(<SnoozeMenu contact={ada} onSnooze={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Snooze Ada Lovelace' }));
    expect(document.activeElement?.textContent).toBe('Snooze for 1 day');
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Snooze for 1 week');
  });
});
