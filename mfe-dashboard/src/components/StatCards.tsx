import clsx from 'clsx';
import { AlertTriangle, FolderOpen, Users } from 'lucide-react';
import { Link } from 'react-router-dom';

/** Total Contacts, Overdue Contacts and Active Lists, each opening its screen. */
export function StatCards({ totalContacts, overdueTotal, activeLists }: { totalContacts: number; overdueTotal: number; activeLists: number }) {
  const cards = [
    { label: 'Total Contacts', value: totalContacts, to: '/contacts', icon: Users, tint: 'bg-blue-50 text-blue-600' },
    { label: 'Overdue Contacts', value: overdueTotal, to: '/contacts?filter=overdue', icon: AlertTriangle, tint: overdueTotal > 0 ? 'bg-red-50 text-red-600' : 'bg-green-50 text-green-600' },
    { label: 'Active Lists', value: activeLists, to: '/lists', icon: FolderOpen, tint: 'bg-purple-50 text-purple-600' },
  ];
  return (
    <div className="mb-8 grid gap-4 sm:grid-cols-3" data-tour="dashboard-stats">
      {cards.map((card) => (
        <Link
          key={card.label}
          to={card.to}
          data-testid={`stat-${card.label.toLowerCase().replace(/\s+/g, '-')}`}
          className="group flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          <span className={clsx('flex size-12 items-center justify-center rounded-xl', card.tint)}>
            <card.icon className="size-6" aria-hidden="true" />
          </span>
          <span>
            <span className="block text-sm font-medium text-slate-500">{card.label}</span>
            <span className="block text-3xl font-bold tracking-tight text-slate-900">{card.value}</span>
          </span>
        </Link>
      ))}
    </div>
  );
}
