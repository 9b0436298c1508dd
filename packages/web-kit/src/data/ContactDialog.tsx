import { DEFAULT_COMMUNICATION_TYPE, fullName, type CommunicationType, type Contact } from '@kith/contracts';
import {
  Button,
  buttonClassName,
  CommunicationTypePicker,
  FormField,
  getErrorMessage,
  inputClassName,
  isBeforeToday,
  Modal,
  notify,
  parseLocalInput,
  toLocalDateInput,
} from '@kith/web-kit';
import { format } from '../contact-actions/format-date.js';
import { BellPlus, CheckCircle2, Mail, MessageSquare, NotebookPen, Phone } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useContactActions, type ContactedPreview } from './useContactActions.js';

export interface ContactDialogProps {
  contact: Contact | null;
  onClose: () => void;
  /** Called with the contact the server returned after marking or scheduling. */
  onChanged?: (contact: Contact) => void;
  /** Opens straight on the Schedule Future Reminder form (the contact page's own button). */
  startScheduling?: boolean;
  /** A screen listing contacts shows Mark as Contacted and Log Interaction at once through this, rolled back on failure. */
  preview?: ContactedPreview;
}

/**
 * Reach out now: Mark as Contacted, Call (tel:), Text (sms:), a one-tap log of how you got in
 * touch (POST …/log-contact, now) or Schedule Future Reminder.
 */
export function ContactDialog({ contact, onClose, onChanged, startScheduling = false, preview }: ContactDialogProps) {
  const actions = useContactActions(preview);
  const ids = { date: useId(), notes: useId(), logNotes: useId() };
  const [busy, setBusy] = useState<'mark' | 'schedule' | 'log' | null>(null);
  const [logType, setLogType] = useState<CommunicationType>(DEFAULT_COMMUNICATION_TYPE);
  const [logNotes, setLogNotes] = useState('');
  const [scheduling, setScheduling] = useState(false);
  const [reminderDate, setReminderDate] = useState('');
  const [reminderNotes, setReminderNotes] = useState('');
  const [dateError, setDateError] = useState<string>();

  useEffect(() => {
    setScheduling(startScheduling);
    setReminderDate('');
    setReminderNotes('');
    setDateError(undefined);
    setLogType(DEFAULT_COMMUNICATION_TYPE);
    setLogNotes('');
  }, [contact, startScheduling]);

  if (!contact) return null;

  const markContacted = async () => {
    setBusy('mark');
    try {
      const saved = await actions.markContacted.mutateAsync(contact._id);
      notify.success('Contact marked as contacted');
      onChanged?.(saved);
      onClose();
    } catch (error) {
      notify.error(getErrorMessage(error, 'Failed to mark contact as contacted'));
    } finally {
      setBusy(null);
    }
  };

  const logInteraction = async (event: FormEvent) => {
    event.preventDefault();
    setBusy('log');
    try {
      const notes = logNotes.trim();
      const saved = await actions.logNow.mutateAsync({
        contactId: contact._id,
        type: logType,
        ...(notes ? { notes } : {}),
      });
      notify.success('Interaction logged successfully');
      onChanged?.(saved);
      onClose();
    } catch (error) {
      notify.error(getErrorMessage(error, 'Failed to log contact'));
    } finally {
      setBusy(null);
    }
  };

  const schedule = async (event: FormEvent) => {
    event.preventDefault();
    const date = parseLocalInput(reminderDate);
    if (!date) return setDateError('Reminder date is required');
    if (isBeforeToday(date)) return setDateError('Reminder date cannot be before today');
    setBusy('schedule');
    try {
      const notes = reminderNotes.trim();
      // A calendar date, not a moment: the day the user picked, whatever their time zone.
      const saved = await actions.scheduleReminder.mutateAsync({
        contactId: contact._id,
        reminderDate,
        ...(notes ? { notes } : {}),
      });
      notify.success('Reminder scheduled successfully');
      onChanged?.(saved);
      onClose();
    } catch (error) {
      notify.error(getErrorMessage(error, 'Failed to schedule reminder'));
    } finally {
      setBusy(null);
    }
  };

  const phone = contact.phoneNumber?.replace(/[^\d+]/g, '');
  const linkClass = (enabled: boolean) =>
    buttonClassName('secondary', 'md', enabled ? 'w-full' : 'pointer-events-none w-full opacity-50');

  return (
    <Modal
      open
      onClose={onClose}
      dismissible={busy === null}
      title={`Contact ${fullName(contact)}`}
      description="Reach out now or plan when to get in touch."
    >
      <div className="space-y-5">
        <div className="flex items-center gap-3 rounded-xl bg-slate-50 p-3">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-blue-100 text-sm font-semibold text-blue-700">
            {(contact.firstName[0] ?? '') + (contact.lastName[0] ?? '')}
          </span>
          <div className="min-w-0 text-sm">
            <p className="font-semibold text-slate-900">{fullName(contact)}</p>
            {contact.phoneNumber && <p className="truncate text-slate-500">{contact.phoneNumber}</p>}
            {contact.email && (
              <a
                href={`mailto:${contact.email}`}
                className="inline-flex items-center gap-1 truncate text-blue-600 hover:underline"
              >
                <Mail className="size-3.5" aria-hidden="true" />
                {contact.email}
              </a>
            )}
            {contact.reminderDate && <p className="text-slate-500">Reminder set for {format(contact.reminderDate)}</p>}
          </div>
        </div>

        {/* Mark as Contacted has a row of its own: beside Call and Text its label was clipped. */}
        <div className="grid grid-cols-2 gap-2">
          <Button
            variant="success"
            className="col-span-2"
            onClick={markContacted}
            loading={busy === 'mark'}
            disabled={busy !== null}
          >
            <CheckCircle2 className="size-4" aria-hidden="true" />
            Mark as Contacted
          </Button>
          <a
            href={phone ? `tel:${phone}` : undefined}
            aria-disabled={!phone}
            className={linkClass(Boolean(phone))}
            title={phone ? undefined : 'No phone number'}
          >
            <Phone className="size-4" aria-hidden="true" />
            Call
          </a>
          <a
            href={phone ? `sms:${phone}` : undefined}
            aria-disabled={!phone}
            className={linkClass(Boolean(phone))}
            title={phone ? undefined : 'No phone number'}
          >
            <MessageSquare className="size-4" aria-hidden="true" />
            Text
          </a>
        </div>

        <form
          onSubmit={logInteraction}
          noValidate
          className="space-y-3 rounded-xl border border-slate-200 p-4"
          aria-label="Log an interaction now"
        >
          <CommunicationTypePicker value={logType} onChange={setLogType} label="Log an interaction now" />
          <FormField label="Notes (optional)" htmlFor={ids.logNotes}>
            <input
              id={ids.logNotes}
              value={logNotes}
              onChange={(event) => setLogNotes(event.target.value)}
              placeholder="What did you talk about?"
              className={inputClassName()}
            />
          </FormField>
          <div className="flex justify-end">
            <Button type="submit" variant="secondary" loading={busy === 'log'} disabled={busy !== null}>
              <NotebookPen className="size-4" aria-hidden="true" />
              Log Interaction
            </Button>
          </div>
        </form>

        {scheduling ? (
          <form onSubmit={schedule} noValidate className="space-y-4 rounded-xl border border-slate-200 p-4">
            <FormField label="Reminder date" htmlFor={ids.date} error={dateError}>
              <input
                id={ids.date}
                type="date"
                required
                min={toLocalDateInput(new Date())}
                value={reminderDate}
                onChange={(event) => {
                  setReminderDate(event.target.value);
                  setDateError(undefined);
                }}
                className={inputClassName(Boolean(dateError))}
              />
            </FormField>
            <FormField label="Note (optional)" htmlFor={ids.notes}>
              <input
                id={ids.notes}
                value={reminderNotes}
                onChange={(event) => setReminderNotes(event.target.value)}
                placeholder="e.g. Ask about the new job"
                className={inputClassName()}
              />
            </FormField>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setScheduling(false)} disabled={busy !== null}>
                Cancel
              </Button>
              <Button type="submit" disabled={!reminderDate || busy !== null} loading={busy === 'schedule'}>
                Schedule Reminder
              </Button>
            </div>
          </form>
        ) : (
          <Button variant="ghost" className="w-full" onClick={() => setScheduling(true)} disabled={busy !== null}>
            <BellPlus className="size-4" aria-hidden="true" />
            Schedule Future Reminder
          </Button>
        )}
      </div>
    </Modal>
  );
}
