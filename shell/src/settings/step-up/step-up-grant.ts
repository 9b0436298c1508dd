import { STEP_UP_HEADER, type StepUpResponse } from '@kith/contracts';

/** Seconds before its expiry that a grant is no longer offered (the request must still arrive in time). */
const MARGIN_MS = 15_000;

let current: StepUpResponse | null = null;

/**
 * The step-up grant of this tab, kept in memory only (never in storage): it opens guarded changes
 * for a few minutes, then the password is asked again.
 */
export const stepUpGrant = {
  save(grant: StepUpResponse): void {
    current = grant;
  },
  forget(): void {
    current = null;
  },
  /** The X-Step-Up header while the grant lasts; none otherwise. */
  headers(now = Date.now()): Record<string, string> {
    if (!current || Date.parse(current.expiresAt) - MARGIN_MS <= now) return {};
    return { [STEP_UP_HEADER]: current.stepUpToken };
  },
};
