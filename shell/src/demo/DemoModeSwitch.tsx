import clsx from 'clsx';
import { useDemo } from './DemoProvider.js';

/** Turns demo mode (banner, tips, tour) on or off; the choice is remembered until sign-out. */
export function DemoModeSwitch() {
  const { isDemoMode, setDemoMode } = useDemo();
  return (
    <span className="inline-flex items-center gap-3">
      <span className="text-xs font-normal text-slate-600">{isDemoMode ? 'On' : 'Off'}</span>
      <button
        type="button"
        role="switch"
        aria-checked={isDemoMode}
        aria-label="Demo mode"
        onClick={() => setDemoMode(!isDemoMode)}
        className={clsx(
          'relative inline-flex h-6 w-11 shrink-0 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700',
          isDemoMode ? 'bg-blue-600' : 'bg-slate-400',
        )}
      >
        <span
          className={clsx(
            'absolute top-0.5 size-5 rounded-full bg-white shadow transition-transform',
            isDemoMode ? 'translate-x-5' : 'translate-x-0.5',
          )}
        />
      </button>
    </span>
  );
}
