import {
  fullName,
  isLastContactStale,
  isSnoozed,
  snoozedUntilLabel,
  type SnoozeChoice,
  overdueColorByDays,
  reminderIntervalLabel,
  type Contact,
} from '@kith/contracts';
import { Badge, ColorDot, readableTextOn } from '@kith/web-kit';
import clsx from 'clsx';
import { CalendarCheck, Clock, Mail, MessageCircle, Pencil, Phone, Send, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { lastContactLabel } from '../logic/contact-view.js';
import { SnoozeMenu } from './SnoozeMenu.js';

export interface ContactActions {
  onLog: (contact: Contact) => void;
  onContact: (contact: Contact) => void;
  onUpdateStatus: (contact: Contact) => void;
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
  /** A snooze choice, or null to stop snoozing. */
  onSnooze: (contact: Contact, choice: SnoozeChoice | null) => void;
}

/** The name, linking to the person's page (/contacts/{id}). */
function NameLink({ contact }: { contact: Contact }) {
  return (
    <Link to={`/contacts/${encodeURIComponent(contact._id)}`} className="hover:text-blue-700 hover:underline">
      {fullName(contact)}
    </Link>
  );
}

const initials = (contact: Contact) => `${contact.firstName[0] ?? ''}${contact.lastName[0] ?? ''}`.toUpperCase();

function Avatar({ contact }: { contact: Contact }) {
  return (
    <span
      className="flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold shadow-inner"
      style={{
        backgroundColor: contact.list?.color ?? '#64748b',
        color: readableTextOn(contact.list?.color ?? '#64748b'),
      }}
      aria-hidden="true"
    >
      {initials(contact)}
    </span>
  );
}

/** A snoozed contact is still overdue; the badge says why it is missing from reminder e-mails. */
function SnoozedBadge({ contact }: { contact: Contact }) {
  if (!isSnoozed(contact.snoozedUntil)) return null;
  return <Badge color="gray">{snoozedUntilLabel(contact.snoozedUntil!)}</Badge>;
}

function OverdueBadge({ contact }: { contact: Contact }) {
  if (!contact.isOverdue) return null;
  if (contact.daysOverdue == null || contact.lastContactDate == null) return <Badge color="red">Never contacted</Badge>;
  return (
    <Badge color={overdueColorByDays(contact.daysOverdue)}>
      {contact.daysOverdue === 1 ? '1 day overdue' : `${contact.daysOverdue} days overdue`}
    </Badge>
  );
}

function IconAction({
  label,
  onClick,
  children,
  danger = false,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className={clsx(
        'rounded-md p-1.5 text-slate-500 transition-colors',
        danger ? 'hover:bg-red-50 hover:text-red-600' : 'hover:bg-slate-100 hover:text-slate-700',
      )}
    >
      {children}
    </button>
  );
}

function ManageActions({ contact, actions }: { contact: Contact; actions: ContactActions }) {
  const name = fullName(contact);
  return (
    <div className="flex items-center">
      <SnoozeMenu contact={contact} onSnooze={actions.onSnooze} />
      <IconAction label={`Update status of ${name}`} onClick={() => actions.onUpdateStatus(contact)}>
        <CalendarCheck className="size-4" aria-hidden="true" />
      </IconAction>
      <IconAction label={`Edit ${name}`} onClick={() => actions.onEdit(contact)}>
        <Pencil className="size-4" aria-hidden="true" />
      </IconAction>
      <IconAction label={`Delete ${name}`} onClick={() => actions.onDelete(contact)} danger>
        <Trash2 className="size-4" aria-hidden="true" />
      </IconAction>
    </div>
  );
}

function ReachActions({
  contact,
  actions,
  compact = false,
}: {
  contact: Contact;
  actions: ContactActions;
  compact?: boolean;
}) {
  const base =
    'inline-flex items-center justify-center gap-1.5 whitespace-nowrap rounded-lg px-2.5 py-1.5 text-xs font-semibold transition-colors';
  return (
    <div className={clsx('flex gap-2', !compact && 'w-full')}>
      <button
        type="button"
        onClick={() => actions.onLog(contact)}
        className={clsx(base, 'bg-blue-600 text-white hover:bg-blue-700', !compact && 'flex-1')}
      >
        <MessageCircle className="size-3.5" aria-hidden="true" />
        Log Contact
      </button>
      <button
        type="button"
        onClick={() => actions.onContact(contact)}
        className={clsx(
          base,
          'bg-white text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50',
          !compact && 'flex-1',
        )}
      >
        <Send className="size-3.5" aria-hidden="true" />
        Contact Now
      </button>
    </div>
  );
}

function LastContact({ contact }: { contact: Contact }) {
  return (
    <p
      className={clsx(
        'inline-flex items-center gap-1.5 text-xs',
        isLastContactStale(contact.daysSinceLastContact) ? 'font-medium text-red-600' : 'text-slate-500',
      )}
    >
      <Clock className="size-3.5" aria-hidden="true" />
      {lastContactLabel(contact.daysSinceLastContact)}
    </p>
  );
}

/** A contact as a grid card: who, how to reach them, when you last talked, and the actions. */
export function ContactCard({ contact, actions }: { contact: Contact; actions: ContactActions }) {
  return (
    <article
      data-testid="contact-card"
      className={clsx(
        'flex flex-col rounded-2xl border bg-white p-4 shadow-sm transition-shadow hover:shadow-md',
        contact.isOverdue ? 'border-red-100' : 'border-slate-200',
      )}
    >
      <div className="flex items-start gap-3">
        <Avatar contact={contact} />
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold text-slate-900">
            <NameLink contact={contact} />
          </h3>
          <div className="mt-0.5 flex items-center gap-1.5 text-xs text-slate-500">
            {contact.list ? (
              <>
                <ColorDot color={contact.list.color} size="sm" />
                <span className="truncate">{contact.list.name}</span>
              </>
            ) : (
              <span>No list</span>
            )}
            <span aria-hidden="true">·</span>
            <span className="whitespace-nowrap">{reminderIntervalLabel(contact.reminderDays)}</span>
          </div>
        </div>
        <ManageActions contact={contact} actions={actions} />
      </div>
      <div className="mt-3 space-y-1 text-sm text-slate-600">
        {contact.email && (
          <p className="flex items-center gap-2 truncate">
            <Mail className="size-3.5 shrink-0 text-slate-400" aria-hidden="true" />
            <span className="truncate">{contact.email}</span>
          </p>
        )}
        {contact.phoneNumber && (
          <p className="flex items-center gap-2">
            <Phone className="size-3.5 shrink-0 text-slate-400" aria-hidden="true" />
            {contact.phoneNumber}
          </p>
        )}
        {contact.notes && <p className="line-clamp-2 text-xs text-slate-500 italic">{contact.notes}</p>}
      </div>
      <div className="mt-auto pt-3">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <LastContact contact={contact} />
          <span className="flex flex-wrap items-center gap-1.5">
            <OverdueBadge contact={contact} />
            <SnoozedBadge contact={contact} />
          </span>
        </div>
        <ReachActions contact={contact} actions={actions} />
      </div>
    </article>
  );
}

/** The same contact as one row of the list view. */
export function ContactRow({ contact, actions }: { contact: Contact; actions: ContactActions }) {
  return (
    <li data-testid="contact-card" className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <Avatar contact={contact} />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="truncate font-semibold text-slate-900">
              <NameLink contact={contact} />
            </h3>
            <OverdueBadge contact={contact} />
            <SnoozedBadge contact={contact} />
          </div>
          <p className="truncate text-xs text-slate-500">
            {[contact.list?.name ?? 'No list', contact.email, contact.phoneNumber].filter(Boolean).join(' · ')}
          </p>
        </div>
      </div>
      {/* On a phone the buttons take their own line when they do not fit beside the last contact. */}
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 sm:flex-nowrap sm:justify-end">
        <LastContact contact={contact} />
        <div className="flex flex-wrap items-center gap-1">
          <ReachActions contact={contact} actions={actions} compact />
          <ManageActions contact={contact} actions={actions} />
        </div>
      </div>
    </li>
  );
}
