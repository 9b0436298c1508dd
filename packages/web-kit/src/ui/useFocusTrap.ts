import { useEffect, useRef, type RefObject } from 'react';

type FocusTrapModule = typeof import('focus-trap');
let loading: Promise<FocusTrapModule> | undefined;
/**
 * focus-trap (and tabbable, about 12 kB) loads once a page renders a dialog, open or not: the
 * sign-in pages have none and never download it. Pages with dialogs render them closed first, so
 * it is there by the time one opens.
 */
const loadFocusTrap = () => (loading ??= import(/* webpackChunkName: "focus-trap" */ 'focus-trap'));

/**
 * While `active`, Tab and Shift+Tab cycle inside `container` (WAI-ARIA dialog pattern); focus
 * starts on `initialFocus()` (or the container) and, when the trap ends, goes back to the element
 * that had it before, i.e. the control that opened the dialog.
 */
export function useFocusTrap(
  container: RefObject<HTMLElement | null>,
  active: boolean,
  initialFocus?: () => HTMLElement | null | undefined,
): void {
  // Who had focus is read while rendering the opening: by the time effects run, an autoFocus
  // field inside the dialog may already have taken it.
  void loadFocusTrap();
  const opener = useRef<HTMLElement | null>(null);
  const wasActive = useRef(false);
  if (active && !wasActive.current && typeof document !== 'undefined')
    opener.current = document.activeElement as HTMLElement | null;
  wasActive.current = active;

  useEffect(() => {
    const element = container.current;
    if (!active || !element) return;
    const returnTo = opener.current;
    let trap: ReturnType<FocusTrapModule['createFocusTrap']> | undefined;
    let closed = false;
    void loadFocusTrap().then(({ createFocusTrap }) => {
      if (closed) return;
      trap = createFocusTrap(element, {
        // Focus is placed below, at once, so the first field is ready for typing when the dialog appears.
        initialFocus: false,
        fallbackFocus: element,
        escapeDeactivates: false,
        allowOutsideClick: true,
        returnFocusOnDeactivate: false,
      });
      trap.activate();
    });
    (initialFocus?.() ?? element).focus();
    return () => {
      closed = true;
      trap?.deactivate();
      if (returnTo?.isConnected) returnTo.focus();
    };
    // initialFocus is read once per opening, so it is not a dependency.
  }, [active, container]);
}
