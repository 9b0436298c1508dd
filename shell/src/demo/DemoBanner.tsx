import { RotateCcw, Sparkles } from 'lucide-react';
import { useDemo } from './DemoProvider.js';

/** The demo banner; its notices appear in the app's one toast stack. */
export function DemoBanner() {
  const { isDemoMode, resetDemo } = useDemo();
  if (!isDemoMode) return null;
  return (
    <div className="bg-gradient-to-r from-blue-700 to-indigo-700 text-white" role="region" aria-label="Demo mode">
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-2.5 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <p className="flex items-center gap-2 text-sm font-medium">
          <Sparkles className="size-4 shrink-0" aria-hidden="true" />
          You're in Demo Mode - Explore the product with sample data
        </p>
        <button
          type="button"
          onClick={resetDemo}
          className="inline-flex items-center gap-1.5 self-start rounded-md bg-white/15 px-3 py-1 text-xs font-semibold ring-1 ring-white/30 transition-colors hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white sm:self-auto"
        >
          <RotateCcw className="size-3.5" aria-hidden="true" />
          Reset Demo
        </button>
      </div>
    </div>
  );
}
