import clsx from 'clsx';
import { AlertTriangle, FolderOpen, Users } from 'lucide-react';
import { Link } from 'react-router-dom';

/** Total Contacts, Overdue Contacts and Active Lists, each opening its screen. */
export function StatCards({
  totalContacts,
  overdueTotal,
  activeLists,
}: {
  totalContacts: number;
  overdueTotal: number;
  activeLists: number;
}) {
  const cards = [
    { label: 'Total Contacts', value: totalContacts, to: '/contacts', icon: Users, tint: 'bg-blue-50 text-blue-600' },
    {
      label: 'Overdue Contacts',
      value: overdueTotal,
      to: '/contacts?filter=overdue',
      icon: AlertTriangle,
      tint: overdueTotal > 0 ? 'bg-red-50 text-red-600' : 'bg-green-50 text-green-600',
    },
    { label: 'Active Lists', value: activeLists, to: '/lists', icon: FolderOpen, tint: 'bg-purple-50 text-purple-600' },
  ];
  return (
    <div className="mb-8 grid grid-cols-3 gap-2 sm:gap-4" data-tour="dashboard-stats">
      {cards.map((card) => (
        <Link
          key={card.label}
          to={card.to}
          data-testid={`stat-${card.label.toLowerCase().replace(/\s+/g, '-')}`}
          className="group flex flex-col items-start gap-2 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-blue-600 sm:flex-row sm:items-center sm:gap-4 sm:p-5"
        >
          <span className={clsx('flex size-9 shrink-0 items-center justify-center rounded-xl sm:size-12', card.tint)}>
            <card.icon className="size-5 sm:size-6" aria-hidden="true" />
          </span>
          <span className="min-w-0">
            <span className="block text-xs leading-tight font-medium text-slate-500 sm:text-sm">{card.label}</span>
            <span className="block text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{card.value}</span>
          </span>
        </Link>
      ))}
    </div>
  );
}
