import {
  fullName,
  isSnoozed,
  needsAttentionLabel,
  overdueColorByDays,
  snoozedUntilLabel,
  type Contact,
  type ContactSection,
} from '@kith/contracts';
import {
  Card,
  ColorDot,
  EmptyState,
  GroupByListToggle,
  SEVERITY_TEXT_CLASSES,
  SortControl,
  usePreferences,
  ViewToggle,
} from '@kith/web-kit';
import clsx from 'clsx';
import { MessageCircle, PartyPopper, Send } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import {
  OVERDUE_SORT_OPTIONS,
  effectiveOverdueSort,
  groupOverdueByList,
  overdueLabel,
  sortOverdue,
} from '../logic/overdue-view.js';

export interface OverdueSectionProps {
  contacts: Contact[];
  total: number;
  /** Overdue contacts per list on the server; a group's count is its list's, not the rows shown. */
  sections: ContactSection[];
  onLog: (contact: Contact) => void;
  onContactNow: (contact: Contact) => void;
}

const severityText = (contact: Contact) =>
  SEVERITY_TEXT_CLASSES[contact.daysOverdue == null ? 'red' : overdueColorByDays(contact.daysOverdue)];

function OverdueActions({
  contact,
  onLog,
  onContactNow,
}: Pick<OverdueSectionProps, 'onLog' | 'onContactNow'> & { contact: Contact }) {
  const base =
    'inline-flex items-center justify-center gap-1.5 rounded-lg px-2.5 py-1.5 text-xs font-semibold transition-colors';
  return (
    <div className="flex gap-2">
      <button
        type="button"
        onClick={() => onLog(contact)}
        className={clsx(base, 'bg-blue-600 text-white hover:bg-blue-700')}
      >
        <MessageCircle className="size-3.5" aria-hidden="true" />
        Log Contact
      </button>
      <button
        type="button"
        onClick={() => onContactNow(contact)}
        className={clsx(base, 'bg-white text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50')}
      >
        <Send className="size-3.5" aria-hidden="true" />
        Contact Now
      </button>
    </div>
  );
}

function OverdueItem({
  contact,
  view,
  ...actions
}: Pick<OverdueSectionProps, 'onLog' | 'onContactNow'> & { contact: Contact; view: 'grid' | 'list' }) {
  const who = (
    <div className="flex min-w-0 items-center gap-3">
      <span
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-600"
        aria-hidden="true"
      >
        {`${contact.firstName[0] ?? ''}${contact.lastName[0] ?? ''}`.toUpperCase()}
      </span>
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">
          <Link to={`/contacts/${encodeURIComponent(contact._id)}`} className="hover:text-blue-700 hover:underline">
            {fullName(contact)}
          </Link>
        </p>
        <p className="flex items-center gap-1.5 text-xs text-slate-500">
          {contact.list ? <ColorDot color={contact.list.color} size="sm" /> : null}
          <span className="truncate">{contact.list?.name ?? 'No list'}</span>
          <span aria-hidden="true">·</span>
          <span className={clsx('font-medium whitespace-nowrap', severityText(contact))}>{overdueLabel(contact)}</span>
        </p>
        {isSnoozed(contact.snoozedUntil) && (
          <p className="text-xs text-slate-500">{snoozedUntilLabel(contact.snoozedUntil!)}</p>
        )}
      </div>
    </div>
  );
  if (view === 'grid') {
    return (
      <li
        data-testid="overdue-contact"
        className="flex flex-col justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4"
      >
        {who}
        <OverdueActions contact={contact} {...actions} />
      </li>
    );
  }
  return (
    <li
      data-testid="overdue-contact"
      className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
    >
      {who}
      <OverdueActions contact={contact} {...actions} />
    </li>
  );
}

/** Overdue Contacts: count, view options, grouping by list, and Log Contact / Contact Now per row. */
export function OverdueSection({ contacts, total, sections, onLog, onContactNow }: OverdueSectionProps) {
  const { preferences, setPreference, updatePreferences } = usePreferences('dashboard');
  const { sortBy, sortOrder } = effectiveOverdueSort(preferences);
  const sorted = useMemo(() => sortOverdue(contacts, sortBy, sortOrder), [contacts, sortBy, sortOrder]);
  const groups = useMemo(
    () => (preferences.groupByList ? groupOverdueByList(sorted) : []),
    [preferences.groupByList, sorted],
  );
  const view = preferences.view;
  const overdueIn = (listId: string | null, shown: number) =>
    sections.find((section) => section.listId === listId)?.overdueCount ?? shown;

  const renderItems = (items: Contact[]) => (
    <ul className={view === 'grid' ? 'grid grid-cols-1 gap-3 sm:grid-cols-2' : 'divide-y divide-slate-100'}>
      {items.map((contact) => (
        <OverdueItem key={contact._id} contact={contact} view={view} onLog={onLog} onContactNow={onContactNow} />
      ))}
    </ul>
  );

  return (
    <Card className="p-5" data-tour="overdue-contacts">
      <section aria-labelledby="overdue-title">
        <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
          <h2 id="overdue-title" className="text-lg font-semibold text-slate-900">
            Overdue Contacts
          </h2>
          <p
            className={clsx('text-sm font-medium', total > 0 ? 'text-red-700' : 'text-green-700')}
            data-testid="overdue-count"
          >
            {needsAttentionLabel(total)}
          </p>
        </div>

        {contacts.length === 0 ? (
          <EmptyState
            className="mt-4"
            tone="success"
            icon={<PartyPopper className="size-6" aria-hidden="true" />}
            title="You're all caught up!"
            description="Nobody is overdue. Nice work keeping in touch."
          />
        ) : (
          <>
            <div className="mt-4 mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-slate-50 px-3 py-2">
              <div className="flex flex-wrap items-center gap-4">
                <ViewToggle value={view} onChange={(next) => setPreference('view', next)} />
                <GroupByListToggle
                  checked={preferences.groupByList}
                  onChange={(checked) => setPreference('groupByList', checked)}
                />
              </div>
              <SortControl
                options={OVERDUE_SORT_OPTIONS}
                sortBy={sortBy}
                sortOrder={sortOrder}
                onSortByChange={(value) => updatePreferences({ sortBy: value, sortOrder })}
                onSortOrderChange={(order) => updatePreferences({ sortBy, sortOrder: order })}
              />
            </div>
            {preferences.groupByList ? (
              <div className="space-y-5">
                {groups.map((group) => (
                  <section key={group.listId ?? 'none'} aria-label={group.name}>
                    <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-700">
                      <ColorDot color={group.color} />
                      {group.name}
                      <span className="font-normal text-slate-500">
                        ({overdueIn(group.listId, group.contacts.length)} overdue)
                      </span>
                    </h3>
                    {renderItems(group.contacts)}
                  </section>
                ))}
              </div>
            ) : (
              renderItems(sorted)
            )}
            {total > contacts.length && (
              <Link
                to="/contacts?filter=overdue"
                className="mt-4 inline-block text-sm font-medium text-blue-600 hover:text-blue-700"
              >
                View all {total} overdue contacts →
              </Link>
            )}
          </>
        )}
      </section>
    </Card>
  );
}
