import type { SortOrder } from '@kith/contracts';
import { useCallback, useState } from 'react';

export type PreferenceScreen = 'contacts' | 'lists' | 'dashboard';
export type ViewMode = 'grid' | 'list';

/** Per-screen view preferences, kept in this browser only. */
export interface Preferences {
  view: ViewMode;
  groupByList: boolean;
  sortBy: string;
  sortOrder: SortOrder;
  selectedFilters: string[];
  showCompleted: boolean;
  compactMode: boolean;
}

export const DEFAULT_PREFERENCES: Preferences = {
  view: 'grid',
  groupByList: false,
  sortBy: 'name',
  sortOrder: 'asc',
  selectedFilters: [],
  showCompleted: false,
  compactMode: false,
};

export const preferencesKey = (screen: PreferenceScreen) => `preferences_${screen}`;

export function defaultPreferences(screen: PreferenceScreen): Preferences {
  return screen === 'dashboard' ? { ...DEFAULT_PREFERENCES, sortBy: 'updated' } : { ...DEFAULT_PREFERENCES };
}

/** Stored values over the defaults; anything unreadable falls back to the defaults. */
export function loadPreferences(screen: PreferenceScreen): Preferences {
  const defaults = defaultPreferences(screen);
  try {
    const raw = localStorage.getItem(preferencesKey(screen));
    const stored = raw ? (JSON.parse(raw) as Partial<Preferences>) : null;
    return stored && typeof stored === 'object' ? { ...defaults, ...stored } : defaults;
  } catch {
    return defaults;
  }
}

export interface PreferencesApi {
  preferences: Preferences;
  setPreference: <K extends keyof Preferences>(key: K, value: Preferences[K]) => void;
  updatePreferences: (changes: Partial<Preferences>) => void;
  /** Back to the defaults, removing the stored entry. */
  reset: () => void;
}

/** Saved to localStorage on every change (`preferences_{screen}`); reset removes the entry. */
export function usePreferences(screen: PreferenceScreen): PreferencesApi {
  const [preferences, setPreferences] = useState(() => loadPreferences(screen));

  const updatePreferences = useCallback(
    (changes: Partial<Preferences>) =>
      setPreferences((previous) => {
        const next = { ...previous, ...changes };
        // Idempotent write, so running the updater twice (StrictMode) is harmless.
        localStorage.setItem(preferencesKey(screen), JSON.stringify(next));
        return next;
      }),
    [screen],
  );
  const setPreference = useCallback(
    <K extends keyof Preferences>(key: K, value: Preferences[K]) =>
      updatePreferences({ [key]: value } as Partial<Preferences>),
    [updatePreferences],
  );
  const reset = useCallback(() => {
    localStorage.removeItem(preferencesKey(screen));
    setPreferences(defaultPreferences(screen));
  }, [screen]);

  return { preferences, setPreference, updatePreferences, reset };
}
