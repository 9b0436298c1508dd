import { DEMO_ACCOUNT, DEMO_NOTICE_MS, TOUR_START_DELAY_MS } from '@kith/contracts';
import { StorageKey, useAuthStore } from '@kith/web-kit';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { TOUR_STEPS } from './tour-steps.js';

export interface DemoNotice {
  id: number;
  title: string;
  message: string;
  tone: 'info' | 'success' | 'error';
}

export interface DemoContextValue {
  isDemoMode: boolean;
  setDemoMode: (on: boolean) => void;
  notices: DemoNotice[];
  dismissNotice: (id: number) => void;
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
const writeFlag = (key: string, on: boolean) => (on ? localStorage.setItem(key, 'true') : localStorage.removeItem(key));

/**
 * Demo mode (spec §4): on for the demo account, with a banner, notices that vanish after 5 s and
 * the guided tour, started ~1 s after demo mode begins unless it was seen before.
 */
export function DemoProvider({ children }: { children: ReactNode }) {
  const email = useAuthStore((state) => state.user?.email);
  const isDemoAccount = email?.toLowerCase() === DEMO_ACCOUNT.email;
  const [isDemoMode, setIsDemoMode] = useState(() => isDemoAccount || readFlag(StorageKey.demoMode));
  const [notices, setNotices] = useState<DemoNotice[]>([]);
  const [tour, setTour] = useState({ active: false, step: 0 });
  const nextNoticeId = useRef(0);

  const dismissNotice = useCallback((id: number) => setNotices((all) => all.filter((notice) => notice.id !== id)), []);

  const showNotice = useCallback(
    (notice: Omit<DemoNotice, 'id'>) => {
      const id = ++nextNoticeId.current;
      setNotices((all) => [...all, { ...notice, id }]);
      setTimeout(() => dismissNotice(id), DEMO_NOTICE_MS);
      return id;
    },
    [dismissNotice],
  );

  const setDemoMode = useCallback((on: boolean) => {
    writeFlag(StorageKey.demoMode, on);
    setIsDemoMode(on);
  }, []);

  useEffect(() => {
    setDemoMode(Boolean(isDemoAccount));
  }, [isDemoAccount, setDemoMode]);

  // Whether demo mode was already on when the app loaded: a page reload is not "turning it on".
  const wasDemoMode = useRef(readFlag(StorageKey.demoMode));

  // Turning demo mode on greets the visitor and, the first time, starts the tour after ~1 s.
  useEffect(() => {
    if (!isDemoMode) {
      wasDemoMode.current = false;
      return;
    }
    const welcome = wasDemoMode.current
      ? undefined
      : showNotice({
          title: 'Welcome to the Kith demo!',
          message: 'Everything here is sample data, so feel free to click around, log contacts and edit lists.',
          tone: 'info',
        });
    wasDemoMode.current = true;
    const timer = readFlag(StorageKey.hasSeenTour)
      ? undefined
      : setTimeout(() => setTour({ active: true, step: 0 }), TOUR_START_DELAY_MS);
    return () => {
      clearTimeout(timer);
      if (welcome !== undefined) dismissNotice(welcome);
    };
  }, [isDemoMode, showNotice, dismissNotice]);

  const endTour = useCallback(() => {
    writeFlag(StorageKey.hasSeenTour, true);
    setTour({ active: false, step: 0 });
  }, []);

  const value = useMemo<DemoContextValue>(
    () => ({
      isDemoMode,
      setDemoMode,
      notices,
      dismissNotice,
      resetDemo: () =>
        showNotice({
          title: 'Demo Reset',
          message: 'The sample data is restored every time the demo account starts up.',
          tone: 'info',
        }),
      tour: { active: tour.active, step: tour.step, total: TOUR_STEPS.length },
      startTour: () => setTour({ active: true, step: 0 }),
      nextStep: () => setTour((current) => ({ ...current, step: Math.min(current.step + 1, TOUR_STEPS.length - 1) })),
      previousStep: () => setTour((current) => ({ ...current, step: Math.max(current.step - 1, 0) })),
      finishTour: () => {
        endTour();
        showNotice({
          title: 'Tour Completed!',
          message: "You're all set. Explore Kith at your own pace.",
          tone: 'success',
        });
      },
      skipTour: endTour,
    }),
    [isDemoMode, setDemoMode, notices, dismissNotice, showNotice, tour, endTour],
  );

  return <DemoContext.Provider value={value}>{children}</DemoContext.Provider>;
}

export function useDemo(): DemoContextValue {
  const context = useContext(DemoContext);
  if (!context) throw new Error('useDemo must be used within a DemoProvider');
  return context;
}
