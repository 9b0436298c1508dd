import { fullName, isSnoozed, SNOOZE_CHOICES, type Contact, type SnoozeChoice } from '@kith/contracts';
import { AlarmClockOff, BellOff } from 'lucide-react';
import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useId, useRef, useState } from 'react';

/** Where a key moves the focus among a menu's items (the WAI-ARIA menu button pattern). */
const MENU_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * 'Snooze for 1 day / 1 week / 1 month' (and 'Stop snoozing' while one runs): the contact stays
 * overdue but is left out of reminder e-mails until then.
 */
export function SnoozeMenu({
  contact,
  onSnooze,
  buttonClassName,
}: {
  contact: Contact;
  onSnooze: (contact: Contact, choice: SnoozeChoice | null) => void;
  /** A labelled button with this style (the contact page); absent: an icon button (the cards). */
  buttonClassName?: string;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  /** Which item takes the focus when the menu opens: the first, or the last (opened with ArrowUp). */
  const [initialFocus, setInitialFocus] = useState<'first' | 'last'>('first');
  const name = fullName(contact);
  const snoozed = isSnoozed(contact.snoozedUntil);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('mousedown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  useEffect(() => {
    if (!open) return;
    const all = items();
    (initialFocus === 'first' ? all[0] : all.at(-1))?.focus();
  }, [open, initialFocus]);

  const openWith = (focus: 'first' | 'last') => {
    setInitialFocus(focus);
    setOpen(true);
  };
  const onButtonKey = (event: ReactKeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openWith(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };
  const onMenuKey = (event: ReactKeyboardEvent) => {
    const all = items();
    const move = MENU_KEYS[event.key];
    if (move) {
      event.preventDefault();
      all[move(all.indexOf(document.activeElement as HTMLElement), all.length)]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };
  const choose = (choice: SnoozeChoice | null) => {
    setOpen(false);
    button.current?.focus();
    onSnooze(contact, choice);
  };
  const item =
    'block w-full px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none';

  return (
    <div ref={container} className="relative">
      <button
        ref={button}
        type="button"
        aria-label={`Snooze ${name}`}
        title={`Snooze ${name}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : openWith('first'))}
        onKeyDown={onButtonKey}
        className={
          buttonClassName ?? 'rounded-md p-1.5 text-slate-400 transition-colors hover:bg-slate-100 hover:text-slate-700'
        }
      >
        <BellOff className="size-4" aria-hidden="true" />
        {buttonClassName && 'Snooze'}
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          onKeyDown={onMenuKey}
          aria-label={`Snooze ${name}`}
          className={`absolute z-20 mt-1 w-48 ${buttonClassName ? 'left-0' : 'right-0'} overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg`}
        >
          {SNOOZE_CHOICES.map((choice) => (
            <button
              key={choice.key}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={item}
              onClick={() => choose(choice.key)}
            >
              Snooze for {choice.label}
            </button>
          ))}
          {snoozed && (
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={`${item} flex items-center gap-2 border-t border-slate-100`}
              onClick={() => choose(null)}
            >
              <AlarmClockOff className="size-4 text-slate-400" aria-hidden="true" />
              Stop snoozing
            </button>
          )}
        </div>
      )}
    </div>
  );
}
