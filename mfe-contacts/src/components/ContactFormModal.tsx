import {
  LOOSE_EMAIL_PATTERN,
  MAX_REMINDER_DAYS,
  MIN_REMINDER_DAYS,
  ValidationMessage,
  type Contact,
  type ContactInput,
  type ContactList,
} from '@kith/contracts';
import { Button, FormField, Modal, inputClassName } from '@kith/web-kit';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';

interface ContactFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  listId: string;
  customReminderDays: string;
  notes: string;
}

const valuesFor = (contact: Contact | null, defaultListId: string | null): ContactFormValues => ({
  firstName: contact?.firstName ?? '',
  lastName: contact?.lastName ?? '',
  email: contact?.email ?? '',
  phoneNumber: contact?.phoneNumber ?? '',
  listId: contact ? (contact.listId ?? '') : (defaultListId ?? ''),
  customReminderDays: contact?.customReminderDays != null ? String(contact.customReminderDays) : '',
  notes: contact?.notes ?? '',
});

export function toContactInput(values: ContactFormValues): ContactInput {
  const text = (value: string) => value.trim() || null;
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: text(values.email),
    phoneNumber: text(values.phoneNumber),
    notes: text(values.notes),
    listId: values.listId || null,
    customReminderDays: values.customReminderDays.trim() ? Number(values.customReminderDays) : null,
  };
}

export interface ContactFormModalProps {
  open: boolean;
  /** The contact to edit; null adds a new one. */
  contact: Contact | null;
  lists: ContactList[];
  /** A new contact starts in this list (the list being viewed). */
  defaultListId: string | null;
  onClose: () => void;
  onSubmit: (input: ContactInput) => void;
}

/** Add / edit a contact. Saving is optimistic: the dialog closes and the card updates at once. */
export function ContactFormModal({ open, contact, lists, defaultListId, onClose, onSubmit }: ContactFormModalProps) {
  const ids = {
    first: useId(),
    last: useId(),
    email: useId(),
    phone: useId(),
    list: useId(),
    days: useId(),
    notes: useId(),
  };
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactFormValues>({ defaultValues: valuesFor(contact, defaultListId) });

  useEffect(() => {
    if (open) reset(valuesFor(contact, defaultListId));
  }, [open, contact, defaultListId, reset]);

  const formId = `${ids.first}-form`;
  const submit = handleSubmit((values) => {
    onSubmit(toContactInput(values));
    onClose();
  });

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      title={contact ? 'Edit Contact' : 'Add Contact'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId}>
            {contact ? 'Save Changes' : 'Add Contact'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name *" htmlFor={ids.first} error={errors.firstName?.message}>
          <input
            id={ids.first}
            autoFocus
            autoComplete="off"
            className={inputClassName(Boolean(errors.firstName))}
            {...register('firstName', {
              validate: (value) => value.trim() !== '' || ValidationMessage.FIRST_NAME_REQUIRED,
            })}
          />
        </FormField>
        <FormField label="Last name *" htmlFor={ids.last} error={errors.lastName?.message}>
          <input
            id={ids.last}
            autoComplete="off"
            className={inputClassName(Boolean(errors.lastName))}
            {...register('lastName', {
              validate: (value) => value.trim() !== '' || ValidationMessage.LAST_NAME_REQUIRED,
            })}
          />
        </FormField>
        <FormField label="Email" htmlFor={ids.email} error={errors.email?.message}>
          <input
            id={ids.email}
            type="email"
            autoComplete="off"
            placeholder="name@example.com"
            className={inputClassName(Boolean(errors.email))}
            {...register('email', {
              validate: (value) =>
                !value.trim() || LOOSE_EMAIL_PATTERN.test(value.trim()) || ValidationMessage.EMAIL_INVALID,
            })}
          />
        </FormField>
        <FormField label="Phone number" htmlFor={ids.phone}>
          <input
            id={ids.phone}
            type="tel"
            autoComplete="off"
            placeholder="+1 555 0100"
            className={inputClassName()}
            {...register('phoneNumber')}
          />
        </FormField>
        <FormField label="List" htmlFor={ids.list}>
          <select id={ids.list} className={inputClassName()} {...register('listId')}>
            <option value="">No list</option>
            {lists.map((list) => (
              <option key={list._id} value={list._id}>
                {list.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          label="Custom reminder (days)"
          htmlFor={ids.days}
          error={errors.customReminderDays?.message}
          hint="Leave empty to use the list's interval, or 90 days if there is no list."
        >
          <input
            id={ids.days}
            type="number"
            inputMode="numeric"
            min={MIN_REMINDER_DAYS}
            max={MAX_REMINDER_DAYS}
            placeholder="e.g. 14"
            className={inputClassName(Boolean(errors.customReminderDays))}
            {...register('customReminderDays', {
              validate: (value) => {
                if (!value.trim()) return true;
                const days = Number(value);
                if (!Number.isInteger(days)) return 'Must be a whole number of days';
                if (days < MIN_REMINDER_DAYS) return ValidationMessage.REMINDER_DAYS_MIN;
                if (days > MAX_REMINDER_DAYS) return ValidationMessage.REMINDER_DAYS_MAX;
                return true;
              },
            })}
          />
        </FormField>
        <FormField label="Notes" htmlFor={ids.notes} className="sm:col-span-2">
          <textarea
            id={ids.notes}
            rows={3}
            placeholder="Birthdays, kids' names, what you talked about last..."
            className={inputClassName()}
            {...register('notes')}
          />
        </FormField>
      </form>
    </Modal>
  );
}
