import {
  COMMUNICATION_TYPE_LABELS,
  CommunicationType,
  isLaterThanToday,
  ValidationMessage,
  type Communication,
} from '@kith/contracts';
import {
  COMMUNICATION_TYPE_ICONS,
  Button,
  Card,
  ConfirmDialog,
  FormField,
  inputClassName,
  LoadingState,
  Modal,
  parseLocalInput,
  toLocalDateTimeInput,
} from '@kith/web-kit';
import { Pencil, Trash2 } from 'lucide-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useInteractionMutations } from '../data/contact-mutations.js';
import { interactionsQuery } from '../data/contact-queries.js';

const formatMoment = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** "45 min", "1 h 30 min". */
export function durationLabel(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} h${rest ? ` ${rest} min` : ''}`;
}

/** The contact's interactions, newest first, a page at a time; each can be edited or deleted. */
export function Timeline({ contactId }: { contactId: string }) {
  const timeline = useInfiniteQuery(interactionsQuery(contactId));
  const { remove } = useInteractionMutations();
  const [editing, setEditing] = useState<Communication | null>(null);
  const [deleting, setDeleting] = useState<Communication | null>(null);
  const entries = timeline.data?.pages.flatMap((page) => page.items) ?? [];
  const totalItems = timeline.data?.pages[0]?.totalItems ?? 0;
  const status = timeline.data ? 'ready' : timeline.isError ? 'error' : 'loading';

  return (
    <Card className="p-5">
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">Timeline</h2>
        {status === 'ready' && (
          <span className="text-xs text-slate-500">
            {totalItems === 1 ? '1 interaction' : `${totalItems} interactions`}
          </span>
        )}
      </div>
      {status === 'loading' ? (
        <LoadingState label="Loading timeline..." />
      ) : status === 'error' ? (
        <p className="mt-3 text-sm text-red-600">The timeline could not be loaded.</p>
      ) : entries.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">
          No interactions logged yet. Use Log Contact to keep a history of your conversations.
        </p>
      ) : (
        <ol className="mt-3 space-y-0" aria-label="Interactions, newest first">
          {entries.map((entry) => {
            const Icon = COMMUNICATION_TYPE_ICONS[entry.type];
            return (
              <li
                key={entry._id}
                data-testid="timeline-entry"
                className="relative flex gap-3 border-l-2 border-slate-100 pb-5 pl-5 last:pb-0"
              >
                <span className="absolute top-0 -left-[15px] flex size-7 items-center justify-center rounded-full bg-blue-50 text-blue-700 ring-4 ring-white">
                  <Icon className="size-3.5" aria-hidden="true" />
                </span>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <p className="text-sm font-semibold text-slate-900">
                      {COMMUNICATION_TYPE_LABELS[entry.type]}
                      {entry.duration != null && (
                        <span className="font-normal text-slate-500"> · {durationLabel(entry.duration)}</span>
                      )}
                    </p>
                    <time dateTime={entry.timestamp} className="text-xs text-slate-500">
                      {formatMoment(entry.timestamp)}
                    </time>
                  </div>
                  {entry.notes && <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{entry.notes}</p>}
                  <div className="mt-1 flex gap-1">
                    <button
                      type="button"
                      onClick={() => setEditing(entry)}
                      className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs text-slate-500 hover:bg-slate-100 hover:text-slate-800"
                    >
                      <Pencil className="size-3" aria-hidden="true" />
                      Edit<span className="sr-only"> interaction of {formatMoment(entry.timestamp)}</span>
                    </button>
                    <button
                      type="button"
                      onClick={() => setDeleting(entry)}
                      className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs text-slate-500 hover:bg-red-50 hover:text-red-700"
                    >
                      <Trash2 className="size-3" aria-hidden="true" />
                      Delete<span className="sr-only"> interaction of {formatMoment(entry.timestamp)}</span>
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {status === 'ready' && timeline.hasNextPage && (
        <Button variant="secondary" className="mt-4 w-full" onClick={() => void timeline.fetchNextPage()}>
          Show older interactions
        </Button>
      )}
      <EditInteractionDialog entry={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Interaction"
        message="This removes the interaction from the timeline. The last contact date moves back to the previous interaction if this was the newest."
        confirmLabel="Delete Interaction"
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const entry = deleting;
          setDeleting(null);
          if (entry) remove.mutate(entry._id);
        }}
      />
    </Card>
  );
}

/** Edit type, date and time, notes and duration, with the same rules as logging. */
function EditInteractionDialog({ entry, onClose }: { entry: Communication | null; onClose: () => void }) {
  const { edit } = useInteractionMutations();
  const ids = { type: useId(), when: useId(), notes: useId(), duration: useId() };
  const [type, setType] = useState<CommunicationType>(CommunicationType.PHONE_CALL);
  const [when, setWhen] = useState('');
  const [notes, setNotes] = useState('');
  const [duration, setDuration] = useState('');
  const [errors, setErrors] = useState<{ when?: string; duration?: string }>({});

  useEffect(() => {
    if (!entry) return;
    setType(entry.type);
    setWhen(toLocalDateTimeInput(new Date(entry.timestamp)));
    setNotes(entry.notes ?? '');
    setDuration(entry.duration != null ? String(entry.duration) : '');
    setErrors({});
  }, [entry]);

  if (!entry) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const moment = parseLocalInput(when);
    const minutes = duration.trim() ? Number(duration) : null;
    const found = {
      when: !moment
        ? 'Date and time are required'
        : isLaterThanToday(moment)
          ? ValidationMessage.DATE_IN_FUTURE
          : undefined,
      duration:
        minutes != null && (!Number.isInteger(minutes) || minutes < 0)
          ? 'Duration must be a whole number of minutes'
          : undefined,
    };
    setErrors(found);
    if (found.when || found.duration || !moment) return;
    // Keep the stored second when the minute shown was not changed.
    const unchanged = toLocalDateTimeInput(new Date(entry.timestamp)) === when;
    const timestamp = unchanged ? entry.timestamp : moment.toISOString();
    const changes = { type, timestamp, notes: notes.trim() || null, duration: minutes };
    edit.mutate({ id: entry._id, changes }, { onSuccess: onClose });
  };

  const formId = `${ids.type}-form`;
  return (
    <Modal
      open
      onClose={onClose}
      title="Edit Interaction"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={edit.isPending}>
            Save Changes
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <FormField label="Communication method" htmlFor={ids.type}>
          <select
            id={ids.type}
            value={type}
            onChange={(event) => setType(event.target.value as CommunicationType)}
            className={inputClassName()}
          >
            {Object.values(CommunicationType).map((value) => (
              <option key={value} value={value}>
                {COMMUNICATION_TYPE_LABELS[value]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Date and time" htmlFor={ids.when} error={errors.when}>
          <input
            id={ids.when}
            type="datetime-local"
            value={when}
            max={toLocalDateTimeInput(new Date())}
            onChange={(event) => setWhen(event.target.value)}
            className={inputClassName(Boolean(errors.when))}
          />
        </FormField>
        <FormField label="Duration (minutes)" htmlFor={ids.duration} error={errors.duration}>
          <input
            id={ids.duration}
            type="number"
            min={0}
            inputMode="numeric"
            value={duration}
            onChange={(event) => setDuration(event.target.value)}
            className={inputClassName(Boolean(errors.duration))}
          />
        </FormField>
        <FormField label="Notes" htmlFor={ids.notes}>
          <textarea
            id={ids.notes}
            rows={3}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            className={inputClassName()}
          />
        </FormField>
      </form>
    </Modal>
  );
}
