import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isShortcutEvent, ShortcutTarget } from './shortcuts.js';

const targetOf = (name: string) => document.querySelector<HTMLElement>(`[data-shortcut-target="${name}"]`);

/** Calls `act` with the element once a screen (possibly still loading) renders it; gives up after a few seconds. */
function whenRendered(name: string, act: (element: HTMLElement) => void, timeoutMs = 5_000) {
  const started = Date.now();
  const attempt = () => {
    const element = targetOf(name);
    if (element) act(element);
    else if (Date.now() - started < timeoutMs) requestAnimationFrame(attempt);
  };
  attempt();
}

/**
 * Opens the dialog behind `element` the way a click would, with the focus where the dialog will
 * give it back on closing: where it was when the key was pressed, if that is still on the page;
 * else (the shortcut changed pages) the control the shortcut stands for, never the page's body.
 */
function openFrom(element: HTMLElement, focusedAtKey: Element | null) {
  const stillThere = focusedAtKey instanceof HTMLElement && focusedAtKey !== document.body && focusedAtKey.isConnected;
  if (stillThere) focusedAtKey.focus();
  else element.focus();
  element.click();
}

/**
 * `/` focuses the contacts search, `n` opens Add Contact (going to /contacts first when needed),
 * `l` opens Log Contact on a contact's page, `?` toggles the help. Inactive while a dialog is open.
 */
export function useKeyboardShortcuts(): { helpOpen: boolean; setHelpOpen: (open: boolean) => void } {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [helpOpen, setHelpOpen] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isShortcutEvent(event)) return;
      if (event.key === '?') {
        event.preventDefault();
        setHelpOpen((open) => !open);
        return;
      }
      if (document.querySelector('[role="dialog"]')) return;
      const onContactsScreen = Boolean(targetOf(ShortcutTarget.SEARCH));
      const focusedAtKey = document.activeElement;
      if (event.key === '/' || event.key === 'n') {
        event.preventDefault();
        if (!onContactsScreen) navigate('/contacts');
        if (event.key === '/') whenRendered(ShortcutTarget.SEARCH, (element) => element.focus());
        else whenRendered(ShortcutTarget.ADD_CONTACT, (element) => openFrom(element, focusedAtKey));
      } else if (event.key === 'l') {
        const log = targetOf(ShortcutTarget.LOG_CONTACT);
        if (log) {
          event.preventDefault();
          openFrom(log, focusedAtKey);
        }
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate, pathname]);

  return { helpOpen, setHelpOpen };
}
