import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { ContactListSummary } from '@kith/contracts';
import { api, preferencesKey } from '@kith/web-kit';
import { createQueryClient } from '@kith/web-kit/data';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ListsScreen } from './ListsScreen.js';

const MANY = 500;
/** Height of every measured row (jsdom lays nothing out: offsetHeight would be 0). */
const ROW_HEIGHT = 120;
/** jsdom's window is 1024 × 768: a screenful of 120 px rows and the overscan, far below 500. */
const BOUND = 30;

const list = (i: number): ContactListSummary => ({
  _id: `l${i}`,
  userId: 'u',
  name: `List ${String(i).padStart(3, '0')}`,
  description: null,
  color: '#3b82f6',
  reminderDays: 30,
  keepInTouch: true,
  contactCount: i,
  overdueCount: 0,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});

/** Screen width for useGridColumns: `min-width` queries up to `width` match. */
function screenWidth(width: number) {
  window.matchMedia = ((query: string) => ({
    matches: Number(/min-width: (\d+)px/.exec(query)?.[1] ?? Infinity) <= width,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

const setScrollY = (y: number) => Object.defineProperty(window, 'scrollY', { configurable: true, value: y });

function scrollWindowTo(y: number) {
  act(() => {
    setScrollY(y);
    window.dispatchEvent(new Event('scroll'));
  });
}

/** Scrolls to the bottom until the window stops growing (rows not yet rendered count with an estimate). */
function scrollToEnd() {
  for (let step = 0; step < 20; step += 1) {
    const height = parseFloat(screen.getByTestId('lists-window').style.height);
    scrollWindowTo(height - 768);
    if (parseFloat(screen.getByTestId('lists-window').style.height) === height) return;
  }
}

const cardNames = () =>
  screen.queryAllByTestId('list-card').map((card) => within(card).getByRole('heading', { level: 3 }).textContent);

async function renderScreen(view: 'grid' | 'list') {
  localStorage.setItem(preferencesKey('lists'), JSON.stringify({ view }));
  jest.spyOn(api, 'call').mockResolvedValue(Array.from({ length: MANY }, (_, i) => list(MANY - 1 - i)) as never);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ListsScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByText('List 000');
}

beforeEach(() => {
  jest.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(ROW_HEIGHT);
  // Where the window's box is on the page: at the top, moving up as the page scrolls (as in a browser).
  jest
    .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
    .mockImplementation(() => DOMRect.fromRect({ x: 0, y: -window.scrollY, width: 1024, height: 0 }));
  setScrollY(0);
  // jsdom does not scroll; the virtualizer scrolls to keep what is on screen in place as rows measure.
  jest
    .spyOn(window, 'scrollTo')
    .mockImplementation(((options: ScrollToOptions) => setScrollY(options.top ?? 0)) as never);
});

afterEach(() => {
  localStorage.clear();
  delete (window as Partial<Window>).matchMedia;
});

describe('ListsScreen with many lists', () => {
  it('renders only the rows near the viewport in list view, and reaches the last list by scrolling', async () => {
    await renderScreen('list');
    expect(screen.getByRole('heading', { name: 'Contact Lists' })).toBeTruthy();
    const first = cardNames();
    expect(first[0]).toBe('List 000');
    expect(first.length).toBeGreaterThan(3);
    expect(first.length).toBeLessThan(BOUND);

    scrollToEnd();
    const last = cardNames();
    expect(last).toContain('List 499');
    expect(last).not.toContain('List 000');
    expect(last.length).toBeLessThan(BOUND);
  });

  it('renders grid rows of three cards on a wide screen, bounded, down to the last list', async () => {
    screenWidth(1280);
    await renderScreen('grid');
    const wide = cardNames();
    expect(wide.slice(0, 3)).toEqual(['List 000', 'List 001', 'List 002']);
    expect(wide.length % 3).toBe(0);
    expect(wide.length).toBeLessThan(BOUND * 3);
    scrollToEnd();
    // 500 = 166 rows of three and one of two.
    expect(cardNames().slice(-2)).toEqual(['List 498', 'List 499']);
    expect(cardNames().length % 3).toBe(2);
  });

  it('keeps the phone grid to one card a row, in a bounded DOM', async () => {
    screenWidth(390);
    await renderScreen('grid');
    expect(cardNames().length).toBeLessThan(BOUND);
    // Sorting changes which lists are near the top, not how many are rendered.
    fireEvent.click(screen.getByRole('button', { name: /switch to descending/ }));
    expect(cardNames()[0]).toBe('List 499');
    expect(cardNames().length).toBeLessThan(BOUND);
  });
});
