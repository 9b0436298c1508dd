import { fullName, pluralize, type UpcomingContact } from '@kith/contracts';
import { Card, api } from '@kith/web-kit';
import { queryKeys } from '@kith/web-kit/data';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, MessageCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { comingUpLabel } from '../logic/coming-up.js';

/** Items the panel lists; the rest are counted. */
const SHOWN = 8;

/**
 * 'Coming up this week': contacts that become overdue within 7 days and reminders scheduled for
 * them, soonest first, with Log Contact on each. Loaded on its own, so a notifications outage
 * leaves the rest of the dashboard working; it reloads with the dashboard after a change.
 */
export function ComingUpPanel({ onLog }: { onLog: (contact: UpcomingContact) => void }) {
  const {
    data = null,
    isPending,
    isError,
  } = useQuery({
    queryKey: [...queryKeys.dashboard, 'upcoming'],
    queryFn: () => api.call('listUpcomingReminders'),
  });
  const items = data?.items ?? [];
  const more = (data?.totalItems ?? 0) - Math.min(items.length, SHOWN);
  return (
    <Card className="mt-6 p-5" data-testid="coming-up">
      <div className="flex items-center gap-2">
        <CalendarClock className="size-5 text-blue-600" aria-hidden="true" />
        <h2 className="text-base font-semibold text-slate-900">Coming up this week</h2>
      </div>
      {isPending && <p className="mt-4 text-sm text-slate-500">Loading...</p>}
      {isError && !data && <p className="mt-4 text-sm text-red-600">Could not load what is coming up.</p>}
      {data && items.length === 0 && (
        <p className="mt-4 text-sm text-slate-500">Nobody becomes due in the next 7 days.</p>
      )}
      {items.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-100">
          {items.slice(0, SHOWN).map((item) => (
            <li key={`${item.reason}:${item._id}`} className="flex items-center justify-between gap-3 py-2.5">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-900">
                  <Link
                    to={`/contacts/${encodeURIComponent(item._id)}`}
                    className="hover:text-blue-700 hover:underline"
                  >
                    {fullName(item)}
                  </Link>
                </p>
                <p className="truncate text-xs text-slate-500">
                  {comingUpLabel(item)}
                  {item.reminderNotes ? ` · ${item.reminderNotes}` : ''}
                </p>
              </div>
              <button
                type="button"
                onClick={() => onLog(item)}
                aria-label={`Log Contact with ${fullName(item)}`}
                className="inline-flex shrink-0 items-center gap-1.5 rounded-lg bg-blue-600 px-2.5 py-1.5 text-xs font-semibold whitespace-nowrap text-white transition-colors hover:bg-blue-700"
              >
                <MessageCircle className="size-3.5" aria-hidden="true" />
                Log Contact
              </button>
            </li>
          ))}
        </ul>
      )}
      {more > 0 && <p className="mt-2 text-xs text-slate-500">...and {pluralize(more, 'more')} this week.</p>}
    </Card>
  );
}
