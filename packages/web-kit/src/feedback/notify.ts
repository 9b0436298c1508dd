import { TOAST_DURATIONS_MS } from '@kith/contracts';
import toast from 'react-hot-toast';

export interface NotifyOptions {
  /** Same id replaces a toast still on screen instead of stacking a second one. */
  id?: string;
  duration?: number;
}

/**
 * Toasts with the spec's durations (§9). Remotes must show toasts through this object, never by
 * importing react-hot-toast themselves: only the web-kit singleton's store is rendered.
 */
export const notify = {
  success: (message: string, options?: NotifyOptions) =>
    toast.success(message, { duration: TOAST_DURATIONS_MS.success, ...options }),
  error: (message: string, options?: NotifyOptions) =>
    toast.error(message, { duration: TOAST_DURATIONS_MS.error, ...options }),
  info: (message: string, options?: NotifyOptions) =>
    toast(message, { duration: TOAST_DURATIONS_MS.standard, ...options }),
  /** In-app notices (tour, demo): 5 s, or 7 s for errors. */
  notice: (message: string, options?: NotifyOptions & { tone?: 'success' | 'error' | 'info' }) => {
    const { tone = 'info', ...rest } = options ?? {};
    const duration = tone === 'error' ? TOAST_DURATIONS_MS.inAppError : TOAST_DURATIONS_MS.inAppDefault;
    const show = tone === 'success' ? toast.success : tone === 'error' ? toast.error : toast;
    return show(message, { duration, ...rest });
  },
  dismiss: (id?: string) => toast.dismiss(id),
};
