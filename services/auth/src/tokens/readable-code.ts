import { randomInt } from 'node:crypto';

/**
 * Letters and digits a person can copy onto a phone keyboard without confusing them
 * (no 0/o, 1/l/i): 31 symbols, about 4.95 bits each.
 */
export const READABLE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `groups` groups of `groupLength` random symbols joined by dashes, e.g. `k7wq-hm2x-pz9f`. */
export function randomReadableCode(groups: number, groupLength: number): string {
  return Array.from({ length: groups }, () =>
    Array.from({ length: groupLength }, () => READABLE_ALPHABET[randomInt(READABLE_ALPHABET.length)]).join(''),
  ).join('-');
}

/**
 * The canonical form of a typed code: people drop the dashes, add spaces or change case when they
 * type one in; all of those still mean the same code.
 */
export function canonicalReadableCode(typed: string, groupLength: number): string {
  const symbols = typed.toLowerCase().replace(/[\s-]/g, '');
  return symbols.match(new RegExp(`.{1,${groupLength}}`, 'g'))?.join('-') ?? '';
}
