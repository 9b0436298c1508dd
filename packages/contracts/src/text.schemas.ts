import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, type TextKind } from './rules/control-characters.js';

/**
 * Every text field of every schema starts here: a string that refuses the control characters its
 * kind has no use for (rules/control-characters.ts), so no field carries a NUL towards the
 * database and the 400 names the field. `abort` keeps that the only message for the value.
 */
export const text = (kind: TextKind, error?: string) =>
  z
    .string(error === undefined ? undefined : { error })
    .refine((value) => !hasControlCharacters(value, kind), { message: CONTROL_CHARACTERS_MESSAGE, abort: true });
/** A name, an e-mail, a token, a search: one line (notes, addresses and descriptions are `text('multiLine')`). */
export const singleLineText = (error?: string) => text('singleLine', error);

/** A password given to prove it is the owner (deleting the account, turning two-factor off): any length. */
export const currentPasswordSchema = singleLineText('password is required')
  .min(1, 'password is required')
  .max(1024, 'Password must be at most 1024 characters');
