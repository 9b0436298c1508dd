import clsx from 'clsx';
import { CheckCircle2, Info, RotateCcw, Sparkles, X, XCircle } from 'lucide-react';
import { useDemo, type DemoNotice } from './DemoProvider.js';

const NOTICE_LOOK: Record<DemoNotice['tone'], { Icon: typeof Info; className: string }> = {
  info: { Icon: Info, className: 'text-blue-600' },
  success: { Icon: CheckCircle2, className: 'text-green-600' },
  error: { Icon: XCircle, className: 'text-red-600' },
};

/** The demo banner, and the demo notices (each vanishes after 5 s). */
export function DemoBanner() {
  const { isDemoMode, resetDemo, notices, dismissNotice } = useDemo();
  return (
    <>
      {isDemoMode && (
        <div className="bg-gradient-to-r from-blue-600 to-indigo-600 text-white" role="region" aria-label="Demo mode">
          <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-2.5 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
            <p className="flex items-center gap-2 text-sm font-medium">
              <Sparkles className="size-4 shrink-0" aria-hidden="true" />
              You're in Demo Mode - Explore the product with sample data
            </p>
            <button
              type="button"
              onClick={resetDemo}
              className="inline-flex items-center gap-1.5 self-start rounded-md bg-white/15 px-3 py-1 text-xs font-semibold ring-1 ring-white/30 transition-colors hover:bg-white/25 sm:self-auto"
            >
              <RotateCcw className="size-3.5" aria-hidden="true" />
              Reset Demo
            </button>
          </div>
        </div>
      )}
      <div
        className="pointer-events-none fixed inset-x-4 bottom-4 z-40 flex flex-col gap-3 sm:inset-x-auto sm:right-6 sm:w-96"
        aria-live="polite"
      >
        {notices.map((notice) => {
          const { Icon, className } = NOTICE_LOOK[notice.tone];
          return (
            <div
              key={notice.id}
              role="status"
              className="pointer-events-auto flex gap-3 rounded-xl bg-white p-4 shadow-xl ring-1 ring-slate-900/10"
            >
              <Icon className={clsx('mt-0.5 size-5 shrink-0', className)} aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold text-slate-900">{notice.title}</p>
                <p className="mt-0.5 text-sm text-slate-600">{notice.message}</p>
              </div>
              <button
                type="button"
                onClick={() => dismissNotice(notice.id)}
                className="-m-1 self-start rounded p-1 text-slate-400 hover:text-slate-600"
                aria-label="Dismiss"
              >
                <X className="size-4" />
              </button>
            </div>
          );
        })}
      </div>
    </>
  );
}
