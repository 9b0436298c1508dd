import {
  listColorToBadge,
  listOverdueCountColor,
  pluralize,
  reminderIntervalLabel,
  type ContactListSummary,
} from '@kith/contracts';
import { Badge, ColorDot, SEVERITY_TEXT_CLASSES, buttonClassName } from '@kith/web-kit';
import clsx from 'clsx';
import { AlertCircle, CheckCircle2, Clock, Pencil, Trash2, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ActionsMenu } from './ActionsMenu.js';

/** 'Nov 21, 2026' in the reader's own conventions (Intl: no date library in the bundle). */
const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

export interface ListCardProps {
  list: ContactListSummary;
  view: 'grid' | 'list';
  onEdit: (list: ContactListSummary) => void;
  onDelete: (list: ContactListSummary) => void;
}

/** One list, as a grid card (with Total / Overdue and the attention badge) or a compact row. */
export function ListCard({ list, view, onEdit, onDelete }: ListCardProps) {
  const overdueColor = SEVERITY_TEXT_CLASSES[listOverdueCountColor(list.overdueCount)];
  const menu = (
    <ActionsMenu
      label={`Actions for ${list.name}`}
      actions={[
        { label: 'Edit', icon: <Pencil className="size-4" aria-hidden="true" />, onSelect: () => onEdit(list) },
        {
          label: 'Delete',
          icon: <Trash2 className="size-4" aria-hidden="true" />,
          onSelect: () => onDelete(list),
          danger: true,
        },
      ]}
    />
  );
  const viewContacts = (
    <Link to={`/lists/${list._id}`} className={buttonClassName('secondary', 'sm')}>
      <Users className="size-3.5" aria-hidden="true" />
      View Contacts
    </Link>
  );
  const interval = (
    <Badge color={listColorToBadge(list.color)} variant="tag">
      <Clock className="size-3" aria-hidden="true" />
      {reminderIntervalLabel(list.reminderDays)}
    </Badge>
  );

  if (view === 'list') {
    return (
      <li
        data-testid="list-card"
        className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:gap-4 sm:px-5"
      >
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <ColorDot color={list.color} className="mt-1.5" />
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-semibold text-slate-900">{list.name}</h3>
              {interval}
            </div>
            {list.description && <p className="mt-0.5 truncate text-sm text-slate-500">{list.description}</p>}
          </div>
        </div>
        <div className="flex items-center justify-between gap-4 sm:justify-end">
          <span className="text-sm text-slate-600">{pluralize(list.contactCount, 'contact')}</span>
          <span className={clsx('text-sm font-medium', overdueColor)}>{list.overdueCount} overdue</span>
          <div className="flex items-center gap-1">
            {viewContacts}
            {menu}
          </div>
        </div>
      </li>
    );
  }

  const needsAttention = list.overdueCount > 0;
  return (
    <article
      data-testid="list-card"
      className="flex flex-col rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="h-1.5 rounded-t-2xl" style={{ backgroundColor: list.color }} aria-hidden="true" />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-start justify-between gap-2">
          <div className="flex min-w-0 items-center gap-2">
            <ColorDot color={list.color} />
            <h3 className="truncate text-base font-semibold text-slate-900">{list.name}</h3>
          </div>
          {menu}
        </div>
        <p className="mt-1 line-clamp-2 min-h-10 text-sm text-slate-500">{list.description || 'No description'}</p>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {interval}
          <Badge color={listOverdueCountColor(list.overdueCount)}>
            {needsAttention ? (
              <AlertCircle className="size-3" aria-hidden="true" />
            ) : (
              <CheckCircle2 className="size-3" aria-hidden="true" />
            )}
            {needsAttention ? 'Needs attention' : 'Up to date'}
          </Badge>
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-3">
          <div className="rounded-xl bg-slate-50 px-3 py-2">
            <dt className="text-xs font-medium text-slate-500">Total</dt>
            <dd className="text-xl font-semibold text-slate-900">{list.contactCount}</dd>
          </div>
          <div className="rounded-xl bg-slate-50 px-3 py-2">
            <dt className="text-xs font-medium text-slate-500">Overdue</dt>
            <dd className={clsx('text-xl font-semibold', overdueColor)}>{list.overdueCount}</dd>
          </div>
        </dl>
        <div className="mt-4 flex items-center justify-between gap-2 border-t border-slate-100 pt-4">
          <span className="text-xs text-slate-500">Last updated: {formatDay(list.updatedAt)}</span>
          {viewContacts}
        </div>
      </div>
    </article>
  );
}
