import { hashOpaqueToken } from '../tokens/opaque-token.js';
import { canonicalReadableCode, randomReadableCode } from '../tokens/readable-code.js';

const GROUPS = 4;
const GROUP_LENGTH = 5;

/**
 * A new app password, e.g. `k7wq3-hm2xa-pz9ft-c4rnd`: 20 random symbols, about 99 bits, so it
 * cannot be guessed and a fast hash is enough to store it. Dashes only help reading it.
 */
export function newAppPassword(): { password: string; passwordHash: string } {
  const password = randomReadableCode(GROUPS, GROUP_LENGTH);
  return { password, passwordHash: hashAppPassword(password) };
}

/** Clients may drop the dashes or change case when a person types it in: both still match. */
export function hashAppPassword(password: string): string {
  return hashOpaqueToken(canonicalReadableCode(password, GROUP_LENGTH));
}
