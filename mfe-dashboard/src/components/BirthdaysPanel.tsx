import { BIRTHDAY_PANEL_DAYS, birthdayWhenLabel, fullName } from '@kith/contracts';
import { api, Card } from '@kith/web-kit';
import { queryKeys } from '@kith/web-kit/data';
import { useQuery } from '@tanstack/react-query';
import { Cake } from 'lucide-react';
import { Link } from 'react-router-dom';

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const dayOf = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'Upcoming birthdays': the next two weeks, soonest first, with the age when the year is known. */
export function BirthdaysPanel() {
  const { data, isError: failed } = useQuery({
    queryKey: [...queryKeys.dashboard, 'birthdays'],
    queryFn: () => api.call('listUpcomingBirthdays', { query: { withinDays: BIRTHDAY_PANEL_DAYS } }),
  });
  const birthdays = data?.items ?? null;

  return (
    <Card className="mt-6 p-5" data-testid="birthdays-panel">
      <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <Cake className="size-4 text-pink-600" aria-hidden="true" />
        Upcoming birthdays
      </h2>
      {failed ? (
        <p className="mt-2 text-sm text-slate-500">Birthdays could not be loaded.</p>
      ) : birthdays === null ? (
        <p className="mt-2 text-sm text-slate-500">Loading birthdays...</p>
      ) : birthdays.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No birthdays in the next {BIRTHDAY_PANEL_DAYS} days.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {birthdays.map((birthday) => (
            <li key={birthday._id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <Link
                to={`/contacts/${encodeURIComponent(birthday._id)}`}
                className="min-w-0 truncate font-medium text-slate-900 hover:text-blue-700 hover:underline"
              >
                {fullName(birthday)}
              </Link>
              <span
                className={
                  birthday.daysUntil === 0 ? 'shrink-0 font-semibold text-pink-700' : 'shrink-0 text-slate-500'
                }
              >
                {birthday.daysUntil <= 1 ? capitalized(birthdayWhenLabel(birthday.daysUntil)) : dayOf(birthday.date)}
                {birthday.age != null && ` · turns ${birthday.age}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
