import {
  CommunicationType,
  DEFAULT_COMMUNICATION_TYPE,
  isLaterThanToday,
  QUICK_DATE_CHOICES,
  ValidationMessage,
  fullName,
  type Contact,
} from '@kith/contracts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  Button,
  buildLogRequest,
  CommunicationTypePicker,
  endOfTodayInput,
  FormField,
  getErrorMessage,
  inputClassName,
  Modal,
  notify,
  parseLocalInput,
  quickDateTime,
  toLocalDateTimeInput,
} from '@kith/web-kit';
import { useContactActions, type ContactedPreview } from './useContactActions.js';

export interface LogContactDialogProps {
  /** The contact to log an interaction with; null keeps the dialog closed. */
  contact: Pick<Contact, '_id' | 'firstName' | 'lastName'> | null;
  onClose: () => void;
  /** Called with the updated contact once the log is saved (the parent reloads). */
  onLogged?: (contact: Contact) => void;
  /** A screen listing contacts shows the log at once through this, rolled back if the call fails. */
  preview?: ContactedPreview;
}

/** 'Log Contact with {first last}': method (default phone call), date and time (default now, never after today), notes. */
export function LogContactDialog({ contact, onClose, onLogged, preview }: LogContactDialogProps) {
  const { log } = useContactActions(preview);
  const ids = { method: useId(), when: useId(), notes: useId() };
  const [type, setType] = useState<CommunicationType>(DEFAULT_COMMUNICATION_TYPE);
  const [dateTime, setDateTime] = useState(() => toLocalDateTimeInput(new Date()));
  const [notes, setNotes] = useState('');
  const [dateError, setDateError] = useState<string>();
  const [saving, setSaving] = useState(false);

  // Every opening starts from the defaults: phone call, now, no notes.
  useEffect(() => {
    if (!contact) return;
    setType(DEFAULT_COMMUNICATION_TYPE);
    setDateTime(toLocalDateTimeInput(new Date()));
    setNotes('');
    setDateError(undefined);
  }, [contact]);

  if (!contact) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const when = parseLocalInput(dateTime);
    if (!when) return setDateError('Date and time are required');
    if (isLaterThanToday(when)) return setDateError(ValidationMessage.DATE_IN_FUTURE);
    setSaving(true);
    try {
      const saved = await log.mutateAsync(buildLogRequest(contact._id, { type, dateTime, notes }));
      notify.success('Contact logged successfully');
      onLogged?.(saved);
      onClose();
    } catch (error) {
      notify.error(getErrorMessage(error, 'Failed to log contact'));
    } finally {
      setSaving(false);
    }
  };

  const formId = `${ids.method}-form`;
  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!saving}
      title={`Log Contact with ${fullName(contact)}`}
      description="Record how and when you got in touch. This resets their reminder timer."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            Log Contact
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-5">
        <CommunicationTypePicker value={type} onChange={setType} />

        <FormField label="Date and time" htmlFor={ids.when} error={dateError}>
          <input
            id={ids.when}
            type="datetime-local"
            required
            value={dateTime}
            max={endOfTodayInput()}
            onChange={(event) => {
              setDateTime(event.target.value);
              setDateError(undefined);
            }}
            className={inputClassName(Boolean(dateError))}
          />
          <div className="mt-2 flex flex-wrap gap-2">
            {QUICK_DATE_CHOICES.map((choice) => (
              <button
                key={choice.label}
                type="button"
                onClick={() => {
                  setDateTime(quickDateTime(choice.daysAgo));
                  setDateError(undefined);
                }}
                className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700 hover:bg-slate-200"
              >
                {choice.label}
              </button>
            ))}
          </div>
        </FormField>

        <FormField label="Notes (optional)" htmlFor={ids.notes}>
          <textarea
            id={ids.notes}
            rows={3}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            placeholder="What did you talk about?"
            className={inputClassName()}
          />
        </FormField>
      </form>
    </Modal>
  );
}
