import { TOAST_DURATIONS_MS } from '@kith/contracts';
import { useEffect, useState } from 'react';
import { Toaster as HotToaster } from 'react-hot-toast';

/** Toasts sit, one stack, from the top centre just below the sticky header: never over Logout or the cards' buttons. */
const TOASTER_OFFSET = 'calc(var(--kith-header-height, 4rem) + 0.75rem)';
/**
 * On a phone the page's heading is right below the header, where a toast would cover it: toasts
 * rise from the bottom there, above the home indicator (Tailwind's `sm` breakpoint, 640 px).
 */
export const PHONE_SCREEN_QUERY = '(max-width: 639.98px)';
const PHONE_BOTTOM_OFFSET = 'calc(env(safe-area-inset-bottom, 0px) + 1rem)';

function usePhoneScreen(): boolean {
  const query = () => (typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_SCREEN_QUERY) : null);
  const [phone, setPhone] = useState(() => query()?.matches ?? false);
  useEffect(() => {
    const media = query();
    if (!media) return;
    const onChange = () => setPhone(media.matches);
    media.addEventListener('change', onChange);
    onChange();
    return () => media.removeEventListener('change', onChange);
  }, []);
  return phone;
}

/** Rendered once, by the shell. */
export function Toaster() {
  const phone = usePhoneScreen();
  return (
    <HotToaster
      position={phone ? 'bottom-center' : 'top-center'}
      containerStyle={phone ? { bottom: PHONE_BOTTOM_OFFSET } : { top: TOASTER_OFFSET }}
      toastOptions={{
        removeDelay: TOAST_DURATIONS_MS.fadeOut,
        className: '!rounded-xl !px-4 !py-3 !text-sm !text-slate-800 !shadow-lg ring-1 ring-slate-900/5',
      }}
    />
  );
}
