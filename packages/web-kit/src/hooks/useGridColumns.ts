import { useSyncExternalStore } from 'react';

/**
 * Tailwind's sm and xl breakpoints: one card a row on phones, two from 640 px, three from 1280 px
 * (the virtualised grids of contacts and lists use the same classes: grid-cols-1 sm:… xl:…).
 */
const TWO_COLUMNS = '(min-width: 640px)';
const THREE_COLUMNS = '(min-width: 1280px)';

function columnsNow(): number {
  if (typeof window === 'undefined' || !window.matchMedia) return 1;
  if (window.matchMedia(THREE_COLUMNS).matches) return 3;
  return window.matchMedia(TWO_COLUMNS).matches ? 2 : 1;
}

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
  const queries = [window.matchMedia(TWO_COLUMNS), window.matchMedia(THREE_COLUMNS)];
  for (const query of queries) query.addEventListener('change', onChange);
  return () => queries.forEach((query) => query.removeEventListener('change', onChange));
}

/** How many cards fit side by side in a grid view at the current screen width. */
export function useGridColumns(): number {
  return useSyncExternalStore(subscribe, columnsNow, () => 1);
}
