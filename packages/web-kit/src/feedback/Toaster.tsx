import { TOAST_DURATIONS_MS } from '@kith/contracts';
import { Toaster as HotToaster } from 'react-hot-toast';

/** Rendered once, by the shell. */
export function Toaster() {
  return (
    <HotToaster
      position="top-right"
      toastOptions={{
        removeDelay: TOAST_DURATIONS_MS.fadeOut,
        className: '!rounded-xl !px-4 !py-3 !text-sm !text-slate-800 !shadow-lg ring-1 ring-slate-900/5',
      }}
    />
  );
}
