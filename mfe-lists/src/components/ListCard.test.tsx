import { describe, expect, it } from '@jest/globals';
import type { ContactListSummary } from '@kith/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ListCard } from './ListCard.js';

const list = (color: string): ContactListSummary =>
  ({
    _id: 'l1',
    name: 'Family',
    color,
    description: null,
    reminderDays: 30,
    contactCount: 3,
    overdueCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  }) as unknown as ContactListSummary;

describe('ListCard', () => {
  it.each(['grid', 'list'] as const)(
    "shows a red list's interval as a tag with a red dot, never in a warning's red (%s view)",
    (view) => {
      render(
        <MemoryRouter>
          <ListCard list={list('#ef4444')} view={view} onEdit={() => {}} onDelete={() => {}} />
        </MemoryRouter>,
      );
      const badge = screen.getByText('Monthly').closest('[data-color]')!;
      // The spec's colour mapping still decides the colour: the dot carries it.
      expect(badge.getAttribute('data-color')).toBe('red');
      expect(badge.querySelector('.bg-red-500')).not.toBeNull();
      expect(badge.className).not.toMatch(/\b(bg|text|ring)-red-/);
      expect(badge.className).toMatch(/text-slate-700/);
    },
  );
});
