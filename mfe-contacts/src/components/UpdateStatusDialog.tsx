import {
  DEFAULT_COMMUNICATION_TYPE,
  QUICK_DATE_CHOICES,
  ValidationMessage,
  fullName,
  isLaterThanToday,
  type CommunicationType,
  type Contact,
  type ContactListSummary,
} from '@kith/contracts';
import {
  Button,
  CommunicationTypePicker,
  FormField,
  Modal,
  endOfTodayInput,
  inputClassName,
  parseLocalInput,
  quickDateTime,
  toLocalDateTimeInput,
} from '@kith/web-kit';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ListOptions } from './ListOptions.js';

/** What Update Status saves: when they were last contacted, and their list. */
export interface ContactStatus {
  lastContactDate: string;
  listId: string | null;
}

export interface UpdateStatusDialogProps {
  contact: Contact | null;
  lists: ContactListSummary[];
  onClose: () => void;
  /** Saves optimistically, with its own success and failure notices; null when it failed. */
  onSubmit: (contactId: string, status: ContactStatus) => Promise<Contact | null>;
}

/**
 * Sets when you last contacted someone and which list they belong to. Like the spec's dialog it
 * also collects how and a note, which are not sent (the update carries only lastContactDate and listId).
 */
export function UpdateStatusDialog({ contact, lists, onClose, onSubmit }: UpdateStatusDialogProps) {
  const ids = { when: useId(), list: useId(), notes: useId() };
  const [when, setWhen] = useState('');
  const [listId, setListId] = useState('');
  const [type, setType] = useState<CommunicationType>(DEFAULT_COMMUNICATION_TYPE);
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!contact) return;
    setWhen(toLocalDateTimeInput(contact.lastContactDate ? new Date(contact.lastContactDate) : new Date()));
    setListId(contact.listId ?? '');
    setType(DEFAULT_COMMUNICATION_TYPE);
    setNotes('');
    setError(undefined);
  }, [contact]);

  if (!contact) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const date = parseLocalInput(when);
    if (!date) return setError('Date and time are required');
    if (isLaterThanToday(date)) return setError(ValidationMessage.DATE_IN_FUTURE);
    setSaving(true);
    // The spec's dialog asks how and notes too, but only the date and the list are saved.
    const saved = await onSubmit(contact._id, { lastContactDate: date.toISOString(), listId: listId || null });
    setSaving(false);
    if (saved) onClose();
  };

  const formId = `${ids.when}-form`;
  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!saving}
      title="Update Status"
      description={`When did you last get in touch with ${fullName(contact)}, and which list do they belong to?`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            Update Status
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-5">
        <FormField label="Last contact date" htmlFor={ids.when} error={error}>
          <input
            id={ids.when}
            type="datetime-local"
            required
            value={when}
            max={endOfTodayInput()}
            onChange={(event) => {
              setWhen(event.target.value);
              setError(undefined);
            }}
            className={inputClassName(Boolean(error))}
          />
          <div className="mt-2 flex flex-wrap gap-2">
            {QUICK_DATE_CHOICES.map((choice) => (
              <button
                key={choice.label}
                type="button"
                onClick={() => setWhen(quickDateTime(choice.daysAgo))}
                className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700 hover:bg-slate-200"
              >
                {choice.label}
              </button>
            ))}
          </div>
        </FormField>
        <CommunicationTypePicker value={type} onChange={setType} columns={5} />
        <FormField label="Notes (optional)" htmlFor={ids.notes}>
          <textarea
            id={ids.notes}
            rows={2}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            placeholder="What did you talk about?"
            className={inputClassName()}
          />
        </FormField>
        <FormField label="List" htmlFor={ids.list}>
          <select
            id={ids.list}
            value={listId}
            onChange={(event) => setListId(event.target.value)}
            className={inputClassName()}
          >
            <ListOptions lists={lists} />
          </select>
        </FormField>
      </form>
    </Modal>
  );
}
