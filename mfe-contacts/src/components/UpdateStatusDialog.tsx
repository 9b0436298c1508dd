import { QUICK_DATE_CHOICES, ValidationMessage, fullName, type Contact, type ContactList } from '@kith/contracts';
import {
  Button,
  FormField,
  Modal,
  getErrorMessage,
  inputClassName,
  isInFuture,
  notify,
  parseLocalInput,
  quickDateTime,
  toLocalDateTimeInput,
} from '@kith/web-kit';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { contactsApi } from '../api/contacts-api.js';

export interface UpdateStatusDialogProps {
  contact: Contact | null;
  lists: ContactList[];
  onClose: () => void;
  onUpdated: (contact: Contact) => void;
}

/** Sets when you last contacted someone and which list they belong to. */
export function UpdateStatusDialog({ contact, lists, onClose, onUpdated }: UpdateStatusDialogProps) {
  const ids = { when: useId(), list: useId() };
  const [when, setWhen] = useState('');
  const [listId, setListId] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!contact) return;
    setWhen(toLocalDateTimeInput(contact.lastContactDate ? new Date(contact.lastContactDate) : new Date()));
    setListId(contact.listId ?? '');
    setError(undefined);
  }, [contact]);

  if (!contact) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const date = parseLocalInput(when);
    if (!date) return setError('Date and time are required');
    if (isInFuture(date)) return setError(ValidationMessage.DATE_IN_FUTURE);
    setSaving(true);
    try {
      const updated = await contactsApi.update(contact._id, {
        lastContactDate: date.toISOString(),
        listId: listId || null,
      });
      notify.success('Contact status updated successfully');
      onUpdated(updated);
      onClose();
    } catch (reason) {
      notify.error(getErrorMessage(reason, 'Failed to update contact status'));
    } finally {
      setSaving(false);
    }
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
            max={toLocalDateTimeInput(new Date())}
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
        <FormField label="List" htmlFor={ids.list}>
          <select
            id={ids.list}
            value={listId}
            onChange={(event) => setListId(event.target.value)}
            className={inputClassName()}
          >
            <option value="">No list</option>
            {lists.map((list) => (
              <option key={list._id} value={list._id}>
                {list.name}
              </option>
            ))}
          </select>
        </FormField>
      </form>
    </Modal>
  );
}
