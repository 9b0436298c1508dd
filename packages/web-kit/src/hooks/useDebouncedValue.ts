import { SEARCH_DEBOUNCE_MS } from '@kith/contracts';
import { useEffect, useState } from 'react';

/** The value as it was `delayMs` after it last changed (search boxes: SEARCH_DEBOUNCE_MS). */
export function useDebouncedValue<T>(value: T, delayMs: number = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
