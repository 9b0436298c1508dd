import { fullName, isSnoozed, SNOOZE_CHOICES, type Contact, type SnoozeChoice } from '@kith/contracts';
import { AlarmClockOff, BellOff } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

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
  const name = fullName(contact);
  const snoozed = isSnoozed(contact.snoozedUntil);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('mousedown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const choose = (choice: SnoozeChoice | null) => {
    setOpen(false);
    onSnooze(contact, choice);
  };
  const item =
    'block w-full px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none';

  return (
    <div ref={container} className="relative">
      <button
        type="button"
        aria-label={`Snooze ${name}`}
        title={`Snooze ${name}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        className={
          buttonClassName ?? 'rounded-md p-1.5 text-slate-400 transition-colors hover:bg-slate-100 hover:text-slate-700'
        }
      >
        <BellOff className="size-4" aria-hidden="true" />
        {buttonClassName && 'Snooze'}
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={`Snooze ${name}`}
          className={`absolute z-20 mt-1 w-48 ${buttonClassName ? 'left-0' : 'right-0'} overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg`}
        >
          {SNOOZE_CHOICES.map((choice) => (
            <button key={choice.key} type="button" role="menuitem" className={item} onClick={() => choose(choice.key)}>
              Snooze for {choice.label}
            </button>
          ))}
          {snoozed && (
            <button
              type="button"
              role="menuitem"
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
