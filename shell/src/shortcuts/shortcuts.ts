/** The keyboard shortcuts of the signed-in app, shown in the '?' help overlay. */
export const SHORTCUTS = [
  { key: '/', description: 'Search contacts' },
  { key: 'n', description: 'Add a contact' },
  { key: 'l', description: 'Log contact (on a contact’s page)' },
  { key: '?', description: 'Show or hide this help' },
] as const;

export type ShortcutKey = (typeof SHORTCUTS)[number]['key'];

/** Elements the shortcuts act on, marked by the screens that own them (`data-shortcut-target`). */
export const ShortcutTarget = {
  SEARCH: 'search',
  ADD_CONTACT: 'add-contact',
  LOG_CONTACT: 'log-contact',
} as const;

/** Typing in a field, or a key with a modifier, is never a shortcut. */
export function isShortcutEvent(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>,
): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = event.target as HTMLElement | null;
  if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return false;
  return SHORTCUTS.some((shortcut) => shortcut.key === event.key);
}
