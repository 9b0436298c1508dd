import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { useAuthStore } from '@kith/web-kit';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { DemoProvider, useDemo } from './DemoProvider.js';

const demoUser = {
  _id: 'd',
  firstName: 'Demo',
  lastName: 'User',
  email: 'demo@kith.app',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const wrapper = ({ children }: { children: ReactNode }) => <DemoProvider>{children}</DemoProvider>;

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  useAuthStore.setState({ user: demoUser, isAuthenticated: true, isLoading: false });
});

afterEach(() => {
  jest.useRealTimers();
});

describe('demo mode', () => {
  it('refuses to be used outside its provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useDemo())).toThrow('useDemo must be used within a DemoProvider');
  });

  it('turns on for the demo account with a welcome tip that vanishes after 5 s', () => {
    const { result } = renderHook(() => useDemo(), { wrapper });
    expect(result.current.isDemoMode).toBe(true);
    expect(localStorage.getItem('demoMode')).toBe('true');
    expect(result.current.notices.map((notice) => notice.title)).toEqual(['Welcome to the Kith demo!']);
    act(() => jest.advanceTimersByTime(5_000));
    expect(result.current.notices).toEqual([]);
  });

  it('does not greet again when the page reloads with demo mode already on', () => {
    localStorage.setItem('demoMode', 'true');
    const { result } = renderHook(() => useDemo(), { wrapper });
    expect(result.current.isDemoMode).toBe(true);
    expect(result.current.notices).toEqual([]);
  });

  it('starts the tour about a second later, walks 7 steps and records Finish', () => {
    const { result } = renderHook(() => useDemo(), { wrapper });
    expect(result.current.tour.active).toBe(false);
    act(() => jest.advanceTimersByTime(1_000));
    expect(result.current.tour).toEqual({ active: true, step: 0, total: 7 });

    act(() => result.current.previousStep());
    expect(result.current.tour.step).toBe(0);
    for (let step = 1; step <= 8; step += 1) act(() => result.current.nextStep());
    expect(result.current.tour.step).toBe(6);

    act(() => result.current.finishTour());
    expect(result.current.tour.active).toBe(false);
    expect(result.current.notices.map((notice) => notice.title)).toContain('Tour Completed!');
    expect(localStorage.getItem('hasSeenTour')).toBe('true');
  });

  it('does not start the tour again once seen (skip records it too)', () => {
    const first = renderHook(() => useDemo(), { wrapper });
    act(() => jest.advanceTimersByTime(1_000));
    act(() => first.result.current.skipTour());
    expect(localStorage.getItem('hasSeenTour')).toBe('true');
    first.unmount();

    const again = renderHook(() => useDemo(), { wrapper });
    act(() => jest.advanceTimersByTime(3_000));
    expect(again.result.current.tour.active).toBe(false);
  });

  it('stays off for other accounts', () => {
    useAuthStore.setState({ user: { ...demoUser, email: 'ada@example.com' } });
    const { result } = renderHook(() => useDemo(), { wrapper });
    act(() => jest.advanceTimersByTime(2_000));
    expect(result.current.isDemoMode).toBe(false);
    expect(result.current.tour.active).toBe(false);
  });
});
