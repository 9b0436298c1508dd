import {
  DEFAULT_LIST_COLOR,
  DEFAULT_LIST_REMINDER_DAYS,
  LIST_COLOR_CHOICES,
  MAX_REMINDER_DAYS,
  MIN_REMINDER_DAYS,
  type ContactListSummary,
  type ListInput,
} from '@kith/contracts';
import { listInputSchema } from '@kith/contracts/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, CheckboxField, ErrorBanner, FormField, Modal, inputClassName } from '@kith/web-kit';
import clsx from 'clsx';
import { Check } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CUSTOM_INTERVAL, INTERVAL_CHOICES, intervalChoiceFor, resolveReminderDays } from '../logic/list-view.js';

const { name, description, color, reminderDays, keepInTouch } = listInputSchema.shape;

/**
 * The contract's list rules on the form's fields: a preset interval, or Custom with its day count
 * (required then, and held to the contract's reminder-days rule), which wins on submit.
 */
const listFormSchema = z
  .object({ name, description, color, keepInTouch, interval: z.string(), customDays: z.string() })
  .superRefine((form, context) => {
    if (form.interval !== CUSTOM_INTERVAL) return;
    const days = form.customDays.trim() ? reminderDays.safeParse(Number(form.customDays)) : null;
    const message = days ? days.error?.issues[0]?.message : 'Custom days are required';
    if (message) context.addIssue({ code: 'custom', path: ['customDays'], message });
  })
  .transform((form): ListInput => ({
    name: form.name,
    description: form.description,
    reminderDays: resolveReminderDays(form),
    color: form.color,
    keepInTouch: form.keepInTouch,
  }));

type ListFormValues = z.input<typeof listFormSchema>;

const valuesFor = (list: ContactListSummary | null): ListFormValues => ({
  name: list?.name ?? '',
  description: list?.description ?? '',
  interval: intervalChoiceFor(list?.reminderDays ?? DEFAULT_LIST_REMINDER_DAYS),
  customDays: list ? String(list.reminderDays) : '',
  color: list?.color ?? DEFAULT_LIST_COLOR,
  keepInTouch: list?.keepInTouch ?? true,
});

export interface ListFormModalProps {
  open: boolean;
  /** The list to edit; null creates a new one. */
  list: ContactListSummary | null;
  error: string | null;
  onDismissError: () => void;
  onClose: () => void;
  onSubmit: (input: ListInput) => Promise<boolean>;
}

/** 'Create New List' / 'Edit List': name, description, interval preset or Custom (1..365), colour. */
export function ListFormModal({ open, list, error, onDismissError, onClose, onSubmit }: ListFormModalProps) {
  const ids = {
    name: useId(),
    description: useId(),
    interval: useId(),
    customDays: useId(),
    color: useId(),
  };
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(listFormSchema), defaultValues: valuesFor(list) });

  useEffect(() => {
    if (open) reset(valuesFor(list));
  }, [open, list, reset]);

  const interval = watch('interval');
  const color = watch('color');
  const formId = `${ids.name}-form`;

  const submit = handleSubmit(async (input) => {
    if (await onSubmit(input)) onClose();
  });

  return (
    <Modal
      open={open}
      onClose={onClose}
      dismissible={!isSubmitting}
      title={list ? 'Edit List' : 'Create New List'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={isSubmitting}>
            {list ? 'Save Changes' : 'Create List'}
          </Button>
        </>
      }
    >
      {error && <ErrorBanner message={error} onDismiss={onDismissError} />}
      <form id={formId} onSubmit={submit} noValidate className="space-y-5">
        <FormField label="List Name *" htmlFor={ids.name} error={errors.name?.message}>
          <input
            id={ids.name}
            autoFocus
            placeholder="e.g. Close Friends"
            className={inputClassName(Boolean(errors.name))}
            {...register('name')}
          />
        </FormField>

        <FormField label="Description" htmlFor={ids.description}>
          <textarea
            id={ids.description}
            rows={2}
            placeholder="Who belongs in this list?"
            className={inputClassName()}
            {...register('description')}
          />
        </FormField>

        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Reminder interval" htmlFor={ids.interval}>
            <select id={ids.interval} className={inputClassName()} {...register('interval')}>
              {INTERVAL_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </FormField>
          {interval === CUSTOM_INTERVAL && (
            <FormField
              label="Custom days *"
              htmlFor={ids.customDays}
              error={errors.customDays?.message}
              hint={`Between ${MIN_REMINDER_DAYS} and ${MAX_REMINDER_DAYS} days`}
            >
              <input
                id={ids.customDays}
                type="number"
                inputMode="numeric"
                min={MIN_REMINDER_DAYS}
                max={MAX_REMINDER_DAYS}
                className={inputClassName(Boolean(errors.customDays))}
                {...register('customDays')}
              />
            </FormField>
          )}
        </div>

        <CheckboxField
          label="Keep in touch"
          hint="Off: its people are never overdue, unless one has a reminder interval of its own."
          {...register('keepInTouch')}
        />

        <fieldset>
          <legend className="mb-1.5 block text-sm font-medium text-slate-700">Color</legend>
          <div className="flex flex-wrap items-center gap-2">
            {LIST_COLOR_CHOICES.map((choice) => {
              const selected = choice.toLowerCase() === color?.toLowerCase();
              return (
                <button
                  key={choice}
                  type="button"
                  aria-label={`Colour ${choice}`}
                  aria-pressed={selected}
                  onClick={() => setValue('color', choice)}
                  className={clsx(
                    'flex size-8 items-center justify-center rounded-full ring-offset-2 transition',
                    selected ? 'ring-2 ring-slate-900' : 'hover:scale-110',
                  )}
                  style={{ backgroundColor: choice }}
                >
                  {selected && <Check className="size-4 text-white" aria-hidden="true" />}
                </button>
              );
            })}
            <label htmlFor={ids.color} className="ml-1 inline-flex items-center gap-2 text-xs text-slate-500">
              <input
                id={ids.color}
                type="color"
                className="size-8 cursor-pointer rounded border-0 bg-transparent p-0"
                {...register('color')}
              />
              Custom colour
            </label>
          </div>
        </fieldset>
      </form>
    </Modal>
  );
}
