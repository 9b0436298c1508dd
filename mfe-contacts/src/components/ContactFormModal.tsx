import {
  formatBirthdayValue,
  isValidBirthday,
  MONTH_NAMES,
  parseBirthday,
  MAX_REMINDER_DAYS,
  MIN_REMINDER_DAYS,
  type Contact,
  type ContactInput,
  type ContactListSummary,
} from '@kith/contracts';
import { contactInputSchema } from '@kith/contracts/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, CheckboxField, FormField, Modal, inputClassName } from '@kith/web-kit';
import { Plus, X } from 'lucide-react';
import { useId, useLayoutEffect } from 'react';
import { useFieldArray, useForm, type Control, type UseFormRegister } from 'react-hook-form';
import { z } from 'zod';
import { ListOptions } from './ListOptions.js';

const VALUE_LABELS = ['mobile', 'home', 'work', 'other'];
const BIRTHDAY_INVALID = 'Choose a day and a month that exist together (the year is optional, 4 digits)';

/** The birthday the three fields describe: null when left empty, undefined when incomplete or impossible. */
function birthdayOf(values: {
  birthdayDay: string;
  birthdayMonth: string;
  birthdayYear: string;
}): string | null | undefined {
  const [day, month, year] = [values.birthdayDay, values.birthdayMonth, values.birthdayYear.trim()];
  if (!day && !month && !year) return null;
  if (!day || !month || (year && !/^\d{4}$/.test(year))) return undefined;
  const birthday = formatBirthdayValue({ year: year ? Number(year) : null, month: Number(month), day: Number(day) });
  return isValidBirthday(birthday) ? birthday : undefined;
}

/** Whether the contact has anything under 'More details' (so editing opens it). */
const hasDetails = (contact: Contact | null) =>
  Boolean(
    contact &&
    (contact.birthday ||
      contact.company ||
      contact.jobTitle ||
      contact.phones.length ||
      contact.emails.length ||
      contact.address ||
      contact.city ||
      contact.region ||
      contact.postalCode ||
      contact.country ||
      contact.namePrefix ||
      contact.website),
  );

const valuesFor = (contact: Contact | null, defaultListId: string | null): ContactFormValues => ({
  firstName: contact?.firstName ?? '',
  lastName: contact?.lastName ?? '',
  email: contact?.email ?? '',
  phoneNumber: contact?.phoneNumber ?? '',
  listId: contact ? (contact.listId ?? '') : (defaultListId ?? ''),
  customReminderDays: contact?.customReminderDays != null ? String(contact.customReminderDays) : '',
  keepInTouch: contact?.keepInTouch ?? true,
  notes: contact?.notes ?? '',
  ...birthdayFields(contact?.birthday ?? null),
  company: contact?.company ?? '',
  jobTitle: contact?.jobTitle ?? '',
  phones: contact?.phones ?? [],
  emails: contact?.emails ?? [],
  address: contact?.address ?? '',
  city: contact?.city ?? '',
  region: contact?.region ?? '',
  postalCode: contact?.postalCode ?? '',
  country: contact?.country ?? '',
  website: contact?.website ?? '',
  namePrefix: contact?.namePrefix ?? '',
});

/** The address's parts below the street lines, each its own field (vCard ADR's order). */
const ADDRESS_PARTS = [
  ['city', 'City', 'address-level2'],
  ['region', 'Region', 'address-level1'],
  ['postalCode', 'Postal code', 'postal-code'],
  ['country', 'Country', 'country-name'],
] as const;

function birthdayFields(birthday: string | null) {
  const parts = birthday ? parseBirthday(birthday) : null;
  return {
    birthdayDay: parts ? String(parts.day) : '',
    birthdayMonth: parts ? String(parts.month) : '',
    birthdayYear: parts?.year != null ? String(parts.year) : '',
  };
}

const { firstName, lastName, email, phoneNumber, notes, listId, company, jobTitle, address, website, keepInTouch } =
  contactInputSchema.shape;
const { city, region, postalCode, country, namePrefix } = contactInputSchema.shape;
/** More phones or e-mails: a label and a value each, the value held to the contract's rule of the main one. */
const extraValues = (value: z.ZodType<string | null, string | null | undefined>) =>
  z
    .array(z.object({ label: z.string(), value }))
    .transform((entries) =>
      entries.flatMap((entry) => (entry.value ? [{ label: entry.label || 'other', value: entry.value }] : [])),
    );

/**
 * The contract's contact rules on the form's fields (so its messages); what only the form has is
 * derived from them: the reminder days typed as text, the birthday in three parts, the extra rows.
 */
const contactFormSchema = z
  .object({
    ...{ firstName, lastName, email, phoneNumber, notes, listId, company, jobTitle, address, website, keepInTouch },
    ...{ city, region, postalCode, country, namePrefix },
    customReminderDays: z
      .string()
      .transform((typed): number | null | undefined => (typed.trim() ? Number(typed) : null))
      .pipe(contactInputSchema.shape.customReminderDays),
    ...{ birthdayDay: z.string(), birthdayMonth: z.string(), birthdayYear: z.string() },
    phones: extraValues(phoneNumber),
    emails: extraValues(email),
  })
  .superRefine((form, context) => {
    if (birthdayOf(form) === undefined)
      context.addIssue({ code: 'custom', path: ['birthdayDay'], message: BIRTHDAY_INVALID });
  })
  .transform(({ birthdayDay, birthdayMonth, birthdayYear, ...input }): ContactInput => ({
    ...input,
    birthday: birthdayOf({ birthdayDay, birthdayMonth, birthdayYear }) ?? null,
  }));

type ContactFormValues = z.input<typeof contactFormSchema>;

/** Additional phones or e-mails: a label and a value per row, rows added and removed freely. */
function LabeledValuesField({
  name,
  legend,
  inputType,
  placeholder,
  control,
  register,
  error,
}: {
  name: 'phones' | 'emails';
  legend: string;
  inputType: 'tel' | 'email';
  placeholder: string;
  control: Control<ContactFormValues, unknown, ContactInput>;
  register: UseFormRegister<ContactFormValues>;
  error?: string;
}) {
  const { fields, append, remove } = useFieldArray({ control, name });
  const noun = name === 'phones' ? 'phone' : 'email';
  return (
    <fieldset className="sm:col-span-2">
      <legend className="mb-1.5 block text-sm font-medium text-slate-700">{legend}</legend>
      <div className="space-y-2">
        {fields.map((field, index) => (
          <div key={field.id} className="flex gap-2">
            {/* Widths sit on wrappers: inputClassName's w-full would win over a width on the field itself. */}
            <div className="w-24 shrink-0 sm:w-28">
              <select
                aria-label={`Label of ${noun} ${index + 1}`}
                className={inputClassName()}
                {...register(`${name}.${index}.label`)}
              >
                {[...new Set([...VALUE_LABELS, field.label])].map((label) => (
                  <option key={label} value={label}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <div className="min-w-0 flex-1">
              <input
                type={inputType}
                aria-label={`Additional ${noun} ${index + 1}`}
                placeholder={placeholder}
                autoComplete="off"
                className={inputClassName()}
                {...register(`${name}.${index}.value`)}
              />
            </div>
            <button
              type="button"
              onClick={() => remove(index)}
              aria-label={`Remove ${noun} ${index + 1}`}
              className="shrink-0 rounded-md p-2 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </div>
        ))}
      </div>
      {error && <p className="mt-1 text-sm text-red-600">{error}</p>}
      <button
        type="button"
        onClick={() => append({ label: name === 'phones' ? 'mobile' : 'home', value: '' })}
        className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-blue-700 hover:text-blue-800"
      >
        <Plus className="size-4" aria-hidden="true" />
        Add {noun}
      </button>
    </fieldset>
  );
}

export interface ContactFormModalProps {
  open: boolean;
  /** The contact to edit; null adds a new one. */
  contact: Contact | null;
  lists: ContactListSummary[];
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
    birthday: useId(),
    company: useId(),
    jobTitle: useId(),
    address: useId(),
    website: useId(),
    namePrefix: useId(),
    city: useId(),
    region: useId(),
    postalCode: useId(),
    country: useId(),
  };
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(contactFormSchema), defaultValues: valuesFor(contact, defaultListId) });

  // Before paint: a reset after the form shows would wipe what was already typed (slow devices).
  useLayoutEffect(() => {
    if (open) reset(valuesFor(contact, defaultListId));
  }, [open, contact, defaultListId, reset]);

  const formId = `${ids.first}-form`;
  const submit = handleSubmit((input) => {
    onSubmit(input);
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
            {...register('firstName')}
          />
        </FormField>
        <FormField label="Last name *" htmlFor={ids.last} error={errors.lastName?.message}>
          <input
            id={ids.last}
            autoComplete="off"
            className={inputClassName(Boolean(errors.lastName))}
            {...register('lastName')}
          />
        </FormField>
        <FormField label="Email" htmlFor={ids.email} error={errors.email?.message}>
          <input
            id={ids.email}
            type="email"
            autoComplete="off"
            placeholder="name@example.com"
            className={inputClassName(Boolean(errors.email))}
            {...register('email')}
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
            <ListOptions lists={lists} />
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
            {...register('customReminderDays')}
          />
        </FormField>
        <CheckboxField
          label="Keep in touch"
          hint="Off: never overdue and left out of reminders (the plumber, the dentist)."
          className="sm:col-span-2"
          {...register('keepInTouch')}
        />
        <FormField label="Notes" htmlFor={ids.notes} className="sm:col-span-2">
          <textarea
            id={ids.notes}
            rows={3}
            placeholder="Kids' names, what you talked about last..."
            className={inputClassName()}
            {...register('notes')}
          />
        </FormField>
        <details className="group sm:col-span-2" open={hasDetails(contact) || undefined}>
          <summary className="cursor-pointer text-sm font-semibold text-slate-700 select-none hover:text-slate-900">
            More details
          </summary>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            <FormField
              label="Birthday"
              htmlFor={ids.birthday}
              error={errors.birthdayDay?.message}
              hint="The year is optional."
              className="sm:col-span-2"
            >
              <div className="flex gap-2">
                <div className="w-20 shrink-0">
                  <select
                    id={ids.birthday}
                    aria-label="Birthday day"
                    className={inputClassName(Boolean(errors.birthdayDay))}
                    {...register('birthdayDay')}
                  >
                    <option value="">Day</option>
                    {Array.from({ length: 31 }, (_, i) => (
                      <option key={i + 1} value={String(i + 1)}>
                        {i + 1}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="min-w-0 flex-1">
                  <select
                    aria-label="Birthday month"
                    className={inputClassName(Boolean(errors.birthdayDay))}
                    {...register('birthdayMonth')}
                  >
                    <option value="">Month</option>
                    {MONTH_NAMES.map((month, i) => (
                      <option key={month} value={String(i + 1)}>
                        {month}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="w-24 shrink-0">
                  <input
                    aria-label="Birthday year"
                    inputMode="numeric"
                    placeholder="Year"
                    maxLength={4}
                    className={inputClassName(Boolean(errors.birthdayDay))}
                    {...register('birthdayYear')}
                  />
                </div>
              </div>
            </FormField>
            <FormField label="Prefix" htmlFor={ids.namePrefix}>
              <input
                id={ids.namePrefix}
                autoComplete="honorific-prefix"
                placeholder="Dr., Mrs."
                className={inputClassName()}
                {...register('namePrefix')}
              />
            </FormField>
            <FormField label="Company" htmlFor={ids.company}>
              <input id={ids.company} autoComplete="off" className={inputClassName()} {...register('company')} />
            </FormField>
            <FormField label="Job title" htmlFor={ids.jobTitle}>
              <input id={ids.jobTitle} autoComplete="off" className={inputClassName()} {...register('jobTitle')} />
            </FormField>
            <LabeledValuesField
              name="phones"
              legend="More phone numbers"
              inputType="tel"
              placeholder="+1 555 0101"
              control={control}
              register={register}
            />
            <LabeledValuesField
              name="emails"
              legend="More emails"
              inputType="email"
              placeholder="name@work.example"
              control={control}
              register={register}
              error={errors.emails?.find?.((entry) => entry?.value)?.value?.message}
            />
            <FormField label="Address" htmlFor={ids.address} className="sm:col-span-2">
              <textarea
                id={ids.address}
                rows={2}
                placeholder={'Street and number\nBuilding, apartment'}
                autoComplete="street-address"
                className={inputClassName()}
                {...register('address')}
              />
            </FormField>
            {ADDRESS_PARTS.map(([part, label, autoComplete]) => (
              <FormField key={part} label={label} htmlFor={ids[part]} error={errors[part]?.message}>
                <input id={ids[part]} autoComplete={autoComplete} className={inputClassName()} {...register(part)} />
              </FormField>
            ))}
            <FormField label="Website" htmlFor={ids.website} className="sm:col-span-2">
              <input
                id={ids.website}
                type="url"
                autoComplete="off"
                placeholder="https://"
                className={inputClassName()}
                {...register('website')}
              />
            </FormField>
          </div>
        </details>
      </form>
    </Modal>
  );
}
