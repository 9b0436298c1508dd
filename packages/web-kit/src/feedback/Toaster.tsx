import { TOAST_DURATIONS_MS } from '@kith/contracts';
import { Toaster as HotToaster } from 'react-hot-toast';

/** Toasts sit, one stack, from the top centre just below the sticky header: never over Logout or the cards' buttons. */
const TOASTER_OFFSET = 'calc(var(--kith-header-height, 4rem) + 0.75rem)';

/** Rendered once, by the shell. */
export function Toaster() {
  return (
    <HotToaster
      position="top-center"
      containerStyle={{ top: TOASTER_OFFSET }}
      toastOptions={{
        removeDelay: TOAST_DURATIONS_MS.fadeOut,
        className: '!rounded-xl !px-4 !py-3 !text-sm !text-slate-800 !shadow-lg ring-1 ring-slate-900/5',
      }}
    />
  );
}
