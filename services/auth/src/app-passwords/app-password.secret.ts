import { randomInt } from 'node:crypto';
import { hashOpaqueToken } from '../tokens/opaque-token.js';

/**
 * Letters and digits a person can copy onto a phone keyboard without confusing them
 * (no 0/o, 1/l/i): 31 symbols.
 */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUPS = 4;
const GROUP_LENGTH = 5;

/**
 * A new app password, e.g. `k7wq3-hm2xa-pz9ft-c4rnd`: 20 random symbols, about 99 bits, so it
 * cannot be guessed and a fast hash is enough to store it. Dashes only help reading it.
 */
export function newAppPassword(): { password: string; passwordHash: string } {
  const groups = Array.from({ length: GROUPS }, () =>
    Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  );
  const password = groups.join('-');
  return { password, passwordHash: hashAppPassword(password) };
}

/** Clients may drop the dashes or change case when a person types it in: both still match. */
export function hashAppPassword(password: string): string {
  const symbols = password.toLowerCase().replace(/[\s-]/g, '');
  const grouped = symbols.match(new RegExp(`.{1,${GROUP_LENGTH}}`, 'g'))?.join('-') ?? '';
  return hashOpaqueToken(grouped);
}
