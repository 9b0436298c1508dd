import { AUTH_CHECK_TIMEOUT_MS, type AuthResponse, type User } from '@kith/contracts';
import { create } from 'zustand';
import { isApiError } from '../api/api-error.js';
import { api } from '../api/client.js';
import { session } from '../api/session.js';

export interface LoginCredentials {
  email: string;
  password: string;
}

export interface RegistrationDetails extends LoginCredentials {
  firstName: string;
  lastName: string;
}

export interface AuthState {
  user: User | null;
  isAuthenticated: boolean;
  /** True until the start-up check has answered. */
  isLoading: boolean;
  error: string | null;
  /** Resolves when signed in; rejects (and sets `error`) otherwise. */
  login: (credentials: LoginCredentials) => Promise<User>;
  register: (details: RegistrationDetails) => Promise<User>;
  /** Saves a session the server handed out elsewhere (e.g. after a password reset). */
  startSession: (auth: AuthResponse) => void;
  logout: () => void;
  checkAuth: () => Promise<void>;
  clearError: () => void;
}

const signedOut = { user: null, isAuthenticated: false, isLoading: false } as const;

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The auth state of spec §4, shared by the shell and every remote through the web-kit singleton. */
export const useAuthStore = create<AuthState>()((set, get) => {
  const authenticate = async (path: string, body: object, defaultError: string): Promise<User> => {
    set({ isLoading: true, error: null });
    try {
      const auth = await api.post<AuthResponse>(path, { body, retry: false });
      get().startSession(auth);
      return auth.user;
    } catch (error) {
      const message = isApiError(error) && error.fromServer ? error.message : defaultError;
      set({ isLoading: false, error: message });
      throw error;
    }
  };

  return {
    user: session.storedUser(),
    isAuthenticated: false,
    isLoading: true,
    error: null,

    login: (credentials) => authenticate('/auth/login', credentials, 'Login failed'),
    register: (details) => authenticate('/auth/register', details, 'Registration failed'),

    startSession: ({ user, tokens }) => {
      session.saveTokens(tokens);
      session.saveUser(user);
      set({ user, isAuthenticated: true, isLoading: false, error: null });
    },

    logout: () => {
      const refreshToken = session.refreshToken();
      if (refreshToken) {
        // Best effort: the server revokes the refresh token; the browser forgets it either way.
        api.post('/auth/logout', { body: { refreshToken }, retry: false }).catch(() => undefined);
      }
      session.clear();
      set({ ...signedOut, error: null });
    },

    checkAuth: async () => {
      if (!session.accessToken()) {
        set({ ...signedOut, error: null });
        return;
      }
      try {
        const { user } = await withTimeout(
          api.get<{ user: User }>('/auth/me', { redirectOnSessionExpiry: false }),
          AUTH_CHECK_TIMEOUT_MS,
          'Authentication check timeout',
        );
        session.saveUser(user);
        set({ user, isAuthenticated: true, isLoading: false, error: null });
      } catch {
        session.clear();
        set({ ...signedOut, error: null });
      }
    },

    clearError: () => set({ error: null }),
  };
});

// Whoever clears the credentials (a failed refresh in the client, logout), the store follows.
session.onCleared(() => {
  if (useAuthStore.getState().isAuthenticated) useAuthStore.setState({ ...signedOut });
});
