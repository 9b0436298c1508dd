import { TOAST_DURATIONS_MS } from '@kith/contracts';
import toast from 'react-hot-toast';

export interface NotifyOptions {
  /** Same id replaces a toast still on screen instead of stacking a second one. */
  id?: string;
  duration?: number;
}

export interface NoticeOptions extends NotifyOptions {
  tone?: 'success' | 'error' | 'info';
  /** A bold first line above the message ('Tour Completed!'). */
  title?: string;
}

function noticeBody(message: string, title?: string) {
  if (!title) return message;
  return (
    <span className="block">
      <span className="block font-semibold text-slate-900">{title}</span>
      <span className="mt-0.5 block text-slate-700">{message}</span>
    </span>
  );
}

/**
 * Toasts with the durations of TOAST_DURATIONS_MS. Remotes must show toasts through this object, never by
 * importing react-hot-toast themselves: only the web-kit singleton's store is rendered.
 */
export const notify = {
  success: (message: string, options?: NotifyOptions) =>
    toast.success(message, { duration: TOAST_DURATIONS_MS.success, ...options }),
  error: (message: string, options?: NotifyOptions) =>
    toast.error(message, { duration: TOAST_DURATIONS_MS.error, ...options }),
  info: (message: string, options?: NotifyOptions) =>
    toast(message, { duration: TOAST_DURATIONS_MS.standard, ...options }),
  /** In-app notices (tour, demo): 5 s, or 7 s for errors, in the same stack as every other toast. */
  notice: (message: string, options?: NoticeOptions) => {
    const { tone = 'info', title, ...rest } = options ?? {};
    const duration = tone === 'error' ? TOAST_DURATIONS_MS.inAppError : TOAST_DURATIONS_MS.inAppDefault;
    const show = tone === 'success' ? toast.success : tone === 'error' ? toast.error : toast;
    return show(noticeBody(message, title), { duration, ...rest });
  },
  dismiss: (id?: string) => toast.dismiss(id),
};
