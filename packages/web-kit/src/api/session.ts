import type { AuthTokens, User } from '@kith/contracts';

/** Credentials stored in the browser. One home for the key names. */
export const StorageKey = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  user: 'user',
  demoMode: 'demoMode',
  hasSeenTour: 'hasSeenTour',
} as const;

type Listener = () => void;
const clearedListeners = new Set<Listener>();

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export const session = {
  accessToken: (): string | null => read(StorageKey.accessToken),
  refreshToken: (): string | null => read(StorageKey.refreshToken),

  storedUser(): User | null {
    const raw = read(StorageKey.user);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as User;
    } catch {
      return null;
    }
  },

  saveTokens(tokens: AuthTokens): void {
    localStorage.setItem(StorageKey.accessToken, tokens.accessToken);
    localStorage.setItem(StorageKey.refreshToken, tokens.refreshToken);
  },

  saveUser(user: User): void {
    localStorage.setItem(StorageKey.user, JSON.stringify(user));
  },

  /** Forget every credential and tell subscribers (the auth store) the session is gone. */
  clear(): void {
    localStorage.removeItem(StorageKey.accessToken);
    localStorage.removeItem(StorageKey.refreshToken);
    localStorage.removeItem(StorageKey.user);
    // Demo mode is a choice made in this session; the next person to sign in starts from their own default.
    localStorage.removeItem(StorageKey.demoMode);
    clearedListeners.forEach((listener) => listener());
  },

  onCleared(listener: Listener): () => void {
    clearedListeners.add(listener);
    return () => clearedListeners.delete(listener);
  },
};
