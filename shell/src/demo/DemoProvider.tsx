import { DEMO_ACCOUNT, TOUR_START_DELAY_MS } from '@kith/contracts';
import { StorageKey, notify, useAuthStore, type NoticeOptions } from '@kith/web-kit';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { TOUR_STEPS } from './tour-steps.js';

export interface DemoContextValue {
  isDemoMode: boolean;
  setDemoMode: (on: boolean) => void;
  resetDemo: () => void;
  tour: { active: boolean; step: number; total: number };
  startTour: () => void;
  nextStep: () => void;
  previousStep: () => void;
  finishTour: () => void;
  skipTour: () => void;
}

const DemoContext = createContext<DemoContextValue | null>(null);

const readFlag = (key: string) => localStorage.getItem(key) === 'true';
/** The stored demo-mode choice: on, off, or none yet (then the account decides). */
const storedDemoChoice = (): boolean | null => {
  const stored = localStorage.getItem(StorageKey.demoMode);
  return stored === 'true' ? true : stored === 'false' ? false : null;
};

const WELCOME: NoticeOptions & { message: string } = {
  title: 'Welcome to the Kith demo!',
  message: 'Everything here is sample data, so feel free to click around, log contacts and edit lists.',
  tone: 'info',
};

/** The demo account's data is restored on the server at start and every hour (Reset Demo makes no data call). */
export const DEMO_RESET_NOTICE = {
  title: 'Demo Reset',
  message: 'The sample data is restored automatically every hour, so your changes here are temporary.',
} as const;

/**
 * Demo mode: on for the demo account unless switched off (the choice is stored), with a
 * banner, notices that vanish after 5 s (errors 7 s) and the guided tour, started ~1 s after demo
 * mode begins unless it was seen before.
 */
export function DemoProvider({ children }: { children: ReactNode }) {
  const email = useAuthStore((state) => state.user?.email);
  const isDemoAccount = email?.toLowerCase() === DEMO_ACCOUNT.email;
  const [isDemoMode, setIsDemoMode] = useState(() => storedDemoChoice() ?? isDemoAccount);
  const [tour, setTour] = useState({ active: false, step: 0 });

  const setDemoMode = useCallback((on: boolean) => {
    localStorage.setItem(StorageKey.demoMode, String(on));
    setIsDemoMode(on);
  }, []);

  // Whether demo mode was already on when the app loaded: a page reload is not "turning it on".
  const wasDemoMode = useRef(storedDemoChoice() === true);

  // Turning demo mode on greets the visitor: the first time with the tour (after ~1 s), which is
  // the welcome, afterwards with a welcome tip. One overlay at a time: the tour clears the toasts.
  useEffect(() => {
    if (!isDemoMode) {
      wasDemoMode.current = false;
      return;
    }
    localStorage.setItem(StorageKey.demoMode, 'true');
    const turnedOn = !wasDemoMode.current;
    wasDemoMode.current = true;
    if (!readFlag(StorageKey.hasSeenTour)) {
      const timer = setTimeout(() => {
        notify.dismiss();
        setTour({ active: true, step: 0 });
      }, TOUR_START_DELAY_MS);
      return () => clearTimeout(timer);
    }
    if (!turnedOn) return;
    const { message, ...options } = WELCOME;
    const welcome = notify.notice(message, options);
    return () => notify.dismiss(welcome);
  }, [isDemoMode]);

  const endTour = useCallback(() => {
    localStorage.setItem(StorageKey.hasSeenTour, 'true');
    setTour({ active: false, step: 0 });
  }, []);

  const value = useMemo<DemoContextValue>(
    () => ({
      isDemoMode,
      setDemoMode,
      resetDemo: () => {
        try {
          notify.notice(DEMO_RESET_NOTICE.message, { title: DEMO_RESET_NOTICE.title, tone: 'info', id: 'demo-reset' });
        } catch {
          notify.notice('Could not reset demo data', { title: 'Reset Failed', tone: 'error', id: 'demo-reset' });
        }
      },
      tour: { active: tour.active, step: tour.step, total: TOUR_STEPS.length },
      startTour: () => setTour({ active: true, step: 0 }),
      nextStep: () => setTour((current) => ({ ...current, step: Math.min(current.step + 1, TOUR_STEPS.length - 1) })),
      previousStep: () => setTour((current) => ({ ...current, step: Math.max(current.step - 1, 0) })),
      finishTour: () => {
        endTour();
        notify.notice("You're all set. Explore Kith at your own pace.", { title: 'Tour Completed!', tone: 'success' });
      },
      skipTour: endTour,
    }),
    [isDemoMode, setDemoMode, tour, endTour],
  );

  return <DemoContext.Provider value={value}>{children}</DemoContext.Provider>;
}

export function useDemo(): DemoContextValue {
  const context = useContext(DemoContext);
  if (!context) throw new Error('useDemo must be used within a DemoProvider');
  return context;
}
