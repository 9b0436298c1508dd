import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { notify, useAuthStore } from '@kith/web-kit';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { DemoProvider, useDemo } from './DemoProvider.js';

const demoUser = {
  _id: 'd',
  firstName: 'Demo',
  lastName: 'User',
  email: 'demo@kith.app',
  createdAt: '2026-01-01T00:00:00.000Z',
  emailVerified: true,
  isOperator: false,
};
const wrapper = ({ children }: { children: ReactNode }) => <DemoProvider>{children}</DemoProvider>;

let notice: jest.Spied<typeof notify.notice>;
let dismiss: jest.Spied<typeof notify.dismiss>;

const noticeTitles = (spy: jest.Spied<typeof notify.notice>) => spy.mock.calls.map((call) => call[1]?.title);

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  useAuthStore.setState({ user: demoUser, isAuthenticated: true, isLoading: false });
  notice = jest.spyOn(notify, 'notice');
  dismiss = jest.spyOn(notify, 'dismiss');
});

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('demo mode', () => {
  it('refuses to be used outside its provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useDemo())).toThrow('useDemo must be used within a DemoProvider');
  });

  it('turns on for the demo account; the first time the tour is the welcome and clears other toasts', () => {
    const { result } = renderHook(() => useDemo(), { wrapper });
    expect(result.current.isDemoMode).toBe(true);
    expect(localStorage.getItem('demoMode')).toBe('true');
    expect(notice).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1_000));
    expect(result.current.tour.active).toBe(true);
    expect(dismiss).toHaveBeenCalledWith();
  });

  it('greets with a welcome tip when the tour was seen before', () => {
    localStorage.setItem('hasSeenTour', 'true');
    renderHook(() => useDemo(), { wrapper });
    expect(noticeTitles(notice)).toEqual(['Welcome to the Kith demo!']);
  });

  it('does not greet again when the page reloads with demo mode already on', () => {
    localStorage.setItem('demoMode', 'true');
    localStorage.setItem('hasSeenTour', 'true');
    const { result } = renderHook(() => useDemo(), { wrapper });
    expect(result.current.isDemoMode).toBe(true);
    expect(notice).not.toHaveBeenCalled();
  });

  it('can be switched off and stays off, then on again with a welcome tip', () => {
    localStorage.setItem('hasSeenTour', 'true');
    const first = renderHook(() => useDemo(), { wrapper });
    notice.mockClear();
    act(() => first.result.current.setDemoMode(false));
    expect(first.result.current.isDemoMode).toBe(false);
    expect(localStorage.getItem('demoMode')).toBe('false');
    first.unmount();

    const again = renderHook(() => useDemo(), { wrapper });
    expect(again.result.current.isDemoMode).toBe(false);
    act(() => again.result.current.setDemoMode(true));
    expect(again.result.current.isDemoMode).toBe(true);
    expect(noticeTitles(notice)).toEqual(['Welcome to the Kith demo!']);
  });

  it('Reset Demo says the data is restored on the server; if that notice fails, says Reset Failed', () => {
    localStorage.setItem('demoMode', 'true');
    localStorage.setItem('hasSeenTour', 'true');
    const { result } = renderHook(() => useDemo(), { wrapper });
    act(() => result.current.resetDemo());
    expect(notice).toHaveBeenLastCalledWith(
      expect.stringContaining('restored automatically every hour'),
      expect.objectContaining({ title: 'Demo Reset' }),
    );

    notice.mockImplementationOnce(() => {
      throw new Error('toaster gone');
    });
    act(() => result.current.resetDemo());
    expect(notice).toHaveBeenLastCalledWith(
      'Could not reset demo data',
      expect.objectContaining({ title: 'Reset Failed', tone: 'error' }),
    );
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
    expect(noticeTitles(notice)).toContain('Tour Completed!');
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
