import { COMMUNICATION_TYPE_LABELS, CommunicationType } from '@kith/contracts';
import clsx from 'clsx';
import { Handshake, Mail, MessageSquare, MoreHorizontal, Phone } from 'lucide-react';
import { useId, useRef, type KeyboardEvent } from 'react';

/** The icon of each way of getting in touch (the picker and the contact's timeline). */
export const COMMUNICATION_TYPE_ICONS = {
  PHONE_CALL: Phone,
  TEXT: MessageSquare,
  EMAIL: Mail,
  IN_PERSON: Handshake,
  OTHER: MoreHorizontal,
} as const satisfies Record<CommunicationType, unknown>;

const METHODS = Object.values(CommunicationType);

const STEP_BY_KEY: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

export interface CommunicationTypePickerProps {
  value: CommunicationType;
  onChange: (type: CommunicationType) => void;
  label?: string;
  /** Grid columns from the sm breakpoint (5 fits a dialog, 3 a narrower panel). */
  columns?: 3 | 5;
}

/**
 * The communication method as a radio group (WAI-ARIA radio pattern): one tab stop, arrow keys
 * move and select, Home/End jump to the ends.
 */
export function CommunicationTypePicker({
  value,
  onChange,
  label = 'Communication method',
  columns = 5,
}: CommunicationTypePickerProps) {
  const labelId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number) => {
    const method = METHODS[(index + METHODS.length) % METHODS.length]!;
    onChange(method);
    buttons.current[METHODS.indexOf(method)]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = STEP_BY_KEY[event.key];
    if (step !== undefined) select(index + step);
    else if (event.key === 'Home') select(0);
    else if (event.key === 'End') select(METHODS.length - 1);
    else return;
    event.preventDefault();
  };

  return (
    <fieldset>
      <legend id={labelId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </legend>
      <div
        className={clsx('grid grid-cols-2 gap-2', columns === 5 ? 'sm:grid-cols-5' : 'sm:grid-cols-3')}
        role="radiogroup"
        aria-labelledby={labelId}
      >
        {METHODS.map((method, index) => {
          const Icon = COMMUNICATION_TYPE_ICONS[method];
          const selected = method === value;
          return (
            <button
              key={method}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="radio"
              aria-checked={selected}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(method)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={clsx(
                'flex flex-col items-center gap-1 rounded-xl px-2 py-2.5 text-xs font-medium ring-1 ring-inset transition-colors',
                selected
                  ? 'bg-blue-50 text-blue-800 ring-2 ring-blue-600'
                  : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
              )}
            >
              <Icon className="size-4" aria-hidden="true" />
              {COMMUNICATION_TYPE_LABELS[method]}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
