import { buttonClassName } from '@kith/web-kit';
import { BellRing, CalendarClock, ShieldCheck, Users } from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import { Logo } from '../components/Logo.js';
import { MAIN_CONTENT_ID, SkipLink } from '../components/SkipLink.js';
import { ProductPreview } from './ProductPreview.js';

const FEATURES = [
  {
    Icon: Users,
    title: 'Manage Contacts',
    text: 'Keep friends, family and colleagues in one place, with notes, lists and a history of every conversation, synced with your phone over CardDAV: set it up in Settings › Phone sync.',
    tint: 'bg-blue-50 text-blue-600',
  },
  {
    Icon: BellRing,
    title: 'Smart Reminders',
    text: 'See at a glance who is overdue and get a daily email at 9 AM UTC when someone needs a call.',
    tint: 'bg-amber-50 text-amber-600',
  },
  {
    Icon: ShieldCheck,
    title: 'Privacy First',
    text: 'Your data stays in your own database instance. No tracking, no selling, no third parties.',
    tint: 'bg-green-50 text-green-600',
  },
  {
    Icon: CalendarClock,
    title: 'Custom Schedules',
    text: 'Set how often to stay in touch for each relationship and for each list: weekly, monthly or your own rhythm.',
    tint: 'bg-purple-50 text-purple-600',
  },
];

/** A message the page was sent with (the account deletion's confirmation), shown until the visitor leaves. */
function useArrivalNotice(): string | null {
  const { state } = useLocation();
  const notice = (state as { notice?: unknown } | null)?.notice;
  return typeof notice === 'string' ? notice : null;
}

export function LandingPage() {
  const notice = useArrivalNotice();
  return (
    <div className="min-h-screen bg-white">
      <SkipLink />
      <header className="mx-auto flex max-w-6xl items-center justify-between px-5 py-5 sm:px-8">
        <Logo />
        <Link to="/login" className={buttonClassName('ghost')}>
          Sign In
        </Link>
      </header>

      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="outline-none">
        {notice && (
          <p
            role="status"
            className="mx-auto mb-2 flex max-w-2xl items-center justify-center gap-2 rounded-xl bg-green-50 px-4 py-3 text-sm font-medium text-green-800 ring-1 ring-green-600/20"
          >
            {notice}
          </p>
        )}
        <section className="relative overflow-hidden">
          <div
            className="absolute inset-x-0 top-0 -z-10 h-[32rem] bg-gradient-to-b from-blue-50 to-white"
            aria-hidden="true"
          />
          <div className="mx-auto max-w-4xl px-5 pt-16 pb-20 text-center sm:px-8 sm:pt-24">
            <p className="mx-auto mb-6 inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-xs font-medium text-blue-700 shadow-sm ring-1 ring-blue-100">
              <span className="size-1.5 rounded-full bg-green-500" aria-hidden="true" /> Self-hosted personal
              relationship manager
            </p>
            <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-6xl">
              Never lose touch with the people <span className="text-blue-600">who matter</span>.
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg leading-8 text-slate-600">
              Kith remembers when you last talked to everyone you care about, and gently tells you who is overdue for a
              call, a message or a coffee.
            </p>
            <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
              <Link to="/register" className={buttonClassName('primary', 'lg')}>
                Get Started
              </Link>
              <Link to="/login" className={buttonClassName('secondary', 'lg')}>
                Sign In
              </Link>
            </div>
            <ProductPreview />
          </div>
        </section>

        <section className="mx-auto max-w-6xl px-5 pb-24 sm:px-8" aria-labelledby="features-title">
          <h2 id="features-title" className="sr-only">
            Features
          </h2>
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map(({ Icon, title, text, tint }) => (
              <article
                key={title}
                className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
              >
                <span className={`flex size-11 items-center justify-center rounded-xl ${tint}`}>
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="mt-5 text-base font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">{text}</p>
              </article>
            ))}
          </div>
        </section>
      </main>

      <footer className="border-t border-slate-100 py-8 text-center text-sm text-slate-500">
        Kith · your relationships, on your own server
      </footer>
    </div>
  );
}
