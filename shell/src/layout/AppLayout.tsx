import { ErrorBoundary } from '@kith/web-kit';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { MAIN_CONTENT_ID, SkipLink } from '../components/SkipLink.js';
import { DemoBanner } from '../demo/DemoBanner.js';
import { Tour } from '../demo/Tour.js';
import { ShortcutHelp } from '../shortcuts/ShortcutHelp.js';
import { useKeyboardShortcuts } from '../shortcuts/useKeyboardShortcuts.js';
import { Breadcrumbs } from './Breadcrumbs.js';
import { Header } from './Header.js';

export function AppLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { helpOpen, setHelpOpen } = useKeyboardShortcuts();
  return (
    <div className="min-h-screen bg-slate-50">
      <SkipLink />
      <Header />
      <DemoBanner />
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="mx-auto max-w-7xl px-4 py-6 outline-none sm:px-6 sm:py-8 lg:px-8"
      >
        <Breadcrumbs />
        {/* A crash in one page (settings included) keeps the header, so the user can go elsewhere. */}
        <ErrorBoundary resetKeys={[pathname]}>{children}</ErrorBoundary>
      </main>
      <Tour />
      <button
        type="button"
        onClick={() => setHelpOpen(true)}
        aria-label="Keyboard shortcuts"
        title="Keyboard shortcuts (?)"
        className="fixed right-4 bottom-4 hidden size-8 items-center justify-center rounded-full border border-slate-300 bg-white text-sm font-semibold text-slate-600 shadow-sm hover:bg-slate-50 md:flex"
      >
        ?
      </button>
      <ShortcutHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}
