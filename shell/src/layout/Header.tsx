import { fullName } from '@kith/contracts';
import { useAuthStore } from '@kith/web-kit';
import clsx from 'clsx';
import { LayoutDashboard, List, LogOut, Settings, Users } from 'lucide-react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { Logo } from '../components/Logo.js';

const NAV_ITEMS = [
  { to: '/dashboard', label: 'Dashboard', tour: 'nav-dashboard', Icon: LayoutDashboard },
  { to: '/contacts', label: 'Contacts', tour: 'nav-contacts', Icon: Users },
  { to: '/lists', label: 'Lists', tour: 'nav-lists', Icon: List },
  { to: '/settings', label: 'Settings', tour: 'nav-settings', Icon: Settings },
] as const;

export function Header() {
  const user = useAuthStore((state) => state.user);
  const logout = useAuthStore((state) => state.logout);
  const navigate = useNavigate();

  const signOut = () => {
    logout();
    navigate('/', { replace: true });
  };

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4 sm:px-6 lg:px-8">
        <Link to="/dashboard" aria-label="Kith home">
          <Logo />
        </Link>
        <nav aria-label="Main" className="hidden flex-1 items-center gap-1 md:flex">
          {NAV_ITEMS.map(({ to, label, tour, Icon }) => (
            <NavLink
              key={to}
              to={to}
              data-tour={tour}
              className={({ isActive }) =>
                clsx(
                  'inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                  isActive ? 'bg-blue-50 text-blue-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                )
              }
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-3">
          {user && (
            <span className="flex items-center gap-2" data-testid="user-name">
              <span
                className="flex size-8 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-700"
                aria-hidden="true"
              >
                {`${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase()}
              </span>
              <span className="hidden max-w-40 truncate text-sm font-medium text-slate-700 sm:inline">
                {fullName(user)}
              </span>
            </span>
          )}
          <button
            type="button"
            onClick={signOut}
            className="inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 ring-1 ring-slate-200 transition-colors hover:bg-slate-50 hover:text-slate-900"
          >
            <LogOut className="size-4" aria-hidden="true" />
            Logout
          </button>
        </div>
      </div>
      <nav aria-label="Main" className="flex border-t border-slate-100 md:hidden">
        {NAV_ITEMS.map(({ to, label, tour, Icon }) => (
          <NavLink
            key={to}
            to={to}
            data-tour={`${tour}-mobile`}
            className={({ isActive }) =>
              clsx(
                'flex flex-1 flex-col items-center gap-0.5 py-2 text-xs font-medium',
                isActive ? 'text-blue-700 shadow-[inset_0_-2px_0_var(--color-blue-600)]' : 'text-slate-500',
              )
            }
          >
            <Icon className="size-5" aria-hidden="true" />
            {label}
          </NavLink>
        ))}
      </nav>
    </header>
  );
}
