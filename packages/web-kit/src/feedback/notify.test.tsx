import { afterEach, describe, expect, it } from '@jest/globals';
import { act, render, renderHook, screen } from '@testing-library/react';
import toast, { useToasterStore } from 'react-hot-toast';
import { notify } from './notify.js';
import { Toaster } from './Toaster.js';

// jsdom has no matchMedia; the toaster asks it whether to reduce motion.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
})) as unknown as typeof window.matchMedia;

afterEach(() => {
  act(() => toast.remove());
});

describe('in-app notices', () => {
  it('last 5 s, errors 7 s, with their title above the message', () => {
    render(<Toaster />);
    const store = renderHook(() => useToasterStore());
    act(() => {
      notify.notice('Everything here is sample data.', { title: 'Welcome!', id: 'welcome' });
      notify.notice('Could not reset demo data', { title: 'Reset Failed', tone: 'error', id: 'failed' });
      notify.success('Contact created successfully', { id: 'created' });
    });
    expect(screen.getByText('Welcome!')).toBeTruthy();
    expect(screen.getByText('Everything here is sample data.')).toBeTruthy();
    expect(screen.getByText('Reset Failed')).toBeTruthy();

    const durations = Object.fromEntries(store.result.current.toasts.map((shown) => [shown.id, shown.duration]));
    expect(durations).toEqual({ welcome: 5_000, failed: 7_000, created: 2_000 });
  });
});
