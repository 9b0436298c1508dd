import { listOverdueCountColor, pluralize, type ContactListSummary } from '@kith/contracts';
import { Badge, ColorDot } from '@kith/web-kit';
import { FolderPlus } from 'lucide-react';
import { Link } from 'react-router-dom';

/** 'Your Lists': each list with its overdue badge and contact count, opening /lists/{id}. */
export function ListsOverview({ lists }: { lists: ContactListSummary[] }) {
  return (
    <section aria-labelledby="your-lists-title" className="mt-8">
      <div className="mb-3 flex items-center justify-between">
        <h2 id="your-lists-title" className="text-lg font-semibold text-slate-900">
          Your Lists
        </h2>
        <Link to="/lists" className="text-sm font-medium text-blue-600 hover:text-blue-700">
          Manage lists →
        </Link>
      </div>
      {lists.length === 0 ? (
        <Link
          to="/lists"
          className="flex items-center justify-center gap-2 rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-8 text-sm font-medium text-slate-600 hover:border-blue-400 hover:text-blue-700"
        >
          <FolderPlus className="size-5" aria-hidden="true" />
          Create your first list to group contacts with their own reminder interval
        </Link>
      ) : (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {lists.map((list) => (
            <Link
              key={list._id}
              to={`/lists/${list._id}`}
              data-testid="dashboard-list"
              className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
            >
              <div className="flex items-center justify-between gap-2">
                <span className="flex min-w-0 items-center gap-2">
                  <ColorDot color={list.color} />
                  <span className="truncate font-semibold text-slate-900">{list.name}</span>
                </span>
                <Badge color={listOverdueCountColor(list.overdueCount)}>{list.overdueCount} overdue</Badge>
              </div>
              <p className="mt-2 text-sm text-slate-500">{pluralize(list.contactCount, 'contact')}</p>
            </Link>
          ))}
        </div>
      )}
    </section>
  );
}
