import {
  AUTH_CHECK_TIMEOUT_MS,
  type AuthResponse,
  isTwoFactorChallenge,
  type LoginResponse,
  type SecondFactor,
  type TwoFactorChallengeResponse,
  type User,
} from '@kith/contracts';
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
  /** The token of the operator's invitation, where registration is by invitation. */
  invitation?: string;
}

/** A sign-in either ends signed in, or (two-factor sign-in on) waits for a code. */
export type LoginOutcome =
  { status: 'signed-in'; user: User } | { status: 'two-factor'; challenge: TwoFactorChallengeResponse };

export interface AuthState {
  user: User | null;
  isAuthenticated: boolean;
  /** True until the start-up check has answered. */
  isLoading: boolean;
  error: string | null;
  /**
   * Resolves signed in, or with the challenge of the code step when the account uses two-factor
   * sign-in; rejects (and sets `error`) otherwise.
   */
  login: (credentials: LoginCredentials) => Promise<LoginOutcome>;
  /** The code step: a code from the app or a recovery code answers the login's challenge. */
  completeTwoFactorLogin: (challenge: string, factor: SecondFactor) => Promise<User>;
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

/** Who is signed in (and whether that is still being checked), shared by the shell and every remote through the web-kit singleton. */
export const useAuthStore = create<AuthState>()((set, get) => {
  /** Signs in; a session in the answer starts it, a challenge is handed back. */
  const authenticate = async (signIn: () => Promise<LoginResponse>, defaultError: string): Promise<LoginOutcome> => {
    set({ isLoading: true, error: null });
    try {
      const answer = await signIn();
      if (isTwoFactorChallenge(answer)) {
        set({ isLoading: false });
        return { status: 'two-factor', challenge: answer };
      }
      get().startSession(answer);
      return { status: 'signed-in', user: answer.user };
    } catch (error) {
      const message = isApiError(error) && error.fromServer ? error.message : defaultError;
      set({ isLoading: false, error: message });
      throw error;
    }
  };
  const signedInUser = (outcome: LoginOutcome): User => {
    if (outcome.status !== 'signed-in') throw new Error('Unexpected two-factor challenge');
    return outcome.user;
  };

  return {
    user: session.storedUser(),
    isAuthenticated: false,
    isLoading: true,
    error: null,

    login: (credentials) => authenticate(() => api.call('login', { body: credentials, retry: false }), 'Login failed'),
    completeTwoFactorLogin: async (challenge, factor) =>
      signedInUser(
        await authenticate(
          () => api.call('loginTwoFactor', { body: { challenge, ...factor }, retry: false }),
          'Login failed',
        ),
      ),
    register: async (details) =>
      signedInUser(
        await authenticate(() => api.call('register', { body: details, retry: false }), 'Registration failed'),
      ),

    startSession: ({ user, tokens }) => {
      session.saveTokens(tokens);
      session.saveUser(user);
      set({ user, isAuthenticated: true, isLoading: false, error: null });
    },

    logout: () => {
      const refreshToken = session.refreshToken();
      if (refreshToken) {
        // Best effort: the server revokes the refresh token; the browser forgets it either way.
        api.call('logout', { body: { refreshToken }, retry: false }).catch(() => undefined);
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
          api.call('getMe', { redirectOnSessionExpiry: false }),
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
