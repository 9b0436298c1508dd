import { createHash } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@kith/contracts';
import { canonicalReadableCode, randomReadableCode } from '../tokens/readable-code.js';

const GROUPS = 3;
const GROUP_LENGTH = 4;

/**
 * A fresh set of recovery codes, e.g. `k7wq-hm2x-pz9f`: 12 random symbols (about 59 bits) each,
 * short enough to type from paper, far beyond online guessing (a few tries per sign-in).
 */
export function newRecoveryCodes(count: number = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(randomReadableCode(GROUPS, GROUP_LENGTH));
  return [...codes];
}

/**
 * What the database keeps of a code: SHA-256 of the user id and the canonical code. The codes are
 * random, so a fast hash suffices; the user id keeps one precomputed table from fitting every
 * account. Case, spaces and dashes as typed do not matter.
 */
export function hashRecoveryCode(userId: string, typed: string): string {
  return createHash('sha256')
    .update(`${userId}:${canonicalReadableCode(typed, GROUP_LENGTH)}`, 'utf8')
    .digest('hex');
}
