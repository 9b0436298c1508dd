import { needsAttentionLabel } from '@kith/contracts';
import { Badge, ColorDot } from '@kith/web-kit';

const PEOPLE = [
  {
    initials: 'MP',
    name: 'Maya Patel',
    list: 'Best Friends',
    color: '#ef4444',
    status: '15 days overdue',
    tone: 'text-red-600',
  },
  {
    initials: 'CG',
    name: 'Carlos Garcia',
    list: 'Family',
    color: '#8b5cf6',
    status: 'Due in 3 days',
    tone: 'text-yellow-700',
  },
  {
    initials: 'JN',
    name: 'Julia Novak',
    list: 'Work',
    color: '#3b82f6',
    status: 'Talked 2 days ago',
    tone: 'text-green-700',
  },
];

/** A static glimpse of the dashboard for the landing page (no data, no requests). */
export function ProductPreview() {
  return (
    <div
      className="mx-auto mt-16 max-w-3xl rounded-2xl bg-white/70 p-2 shadow-2xl ring-1 shadow-blue-900/10 ring-slate-900/5 backdrop-blur"
      aria-hidden="true"
    >
      <div className="rounded-xl border border-slate-200 bg-white p-4 text-left sm:p-6">
        <div className="flex items-center justify-between">
          <p className="font-semibold text-slate-900">Overdue Contacts</p>
          <Badge color="red">{needsAttentionLabel(1)}</Badge>
        </div>
        <ul className="mt-4 divide-y divide-slate-100">
          {PEOPLE.map((person) => (
            <li key={person.name} className="flex items-center gap-3 py-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-600">
                {person.initials}
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">{person.name}</p>
                <p className="flex items-center gap-1.5 text-xs text-slate-500">
                  <ColorDot color={person.color} size="sm" /> {person.list}
                </p>
              </div>
              <span className={`text-xs font-medium whitespace-nowrap ${person.tone}`}>{person.status}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
