/**
 * Control characters in text people send: the one rule every schema and the vCard reader apply.
 * A one-line value (a name, an e-mail, a token, a search) has no use for any C0 control or DEL;
 * multi-line text (notes, an address, a description) keeps tab, line feed and carriage return.
 * NUL matters most: PostgreSQL cannot store it in text at all.
 */
export type TextKind = 'singleLine' | 'multiLine';

const FORBIDDEN: Record<TextKind, RegExp> = {
  singleLine: /[\u0000-\u001f\u007f]/,
  multiLine: /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/,
};
const FORBIDDEN_ALL: Record<TextKind, RegExp> = {
  singleLine: new RegExp(FORBIDDEN.singleLine.source, 'g'),
  multiLine: new RegExp(FORBIDDEN.multiLine.source, 'g'),
};

export const CONTROL_CHARACTERS_MESSAGE = 'Must not contain control characters';

/** True when `text` holds a control character that a field of this kind refuses. */
export function hasControlCharacters(text: string, kind: TextKind): boolean {
  return FORBIDDEN[kind].test(text);
}

/** `text` without the control characters a field of this kind refuses. */
export function stripControlCharacters(text: string, kind: TextKind): string {
  return hasControlCharacters(text, kind) ? text.replace(FORBIDDEN_ALL[kind], '') : text;
}
