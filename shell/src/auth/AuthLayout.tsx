import { BellRing, HeartHandshake, ShieldCheck, Users } from 'lucide-react';
import { FormErrorBoundary } from '@kith/web-kit';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '../components/Logo.js';
import { MAIN_CONTENT_ID, SkipLink } from '../components/SkipLink.js';

const HIGHLIGHTS = [
  { Icon: Users, text: 'Everyone who matters, in one calm place' },
  { Icon: BellRing, text: 'A nudge when it has been too long' },
  { Icon: ShieldCheck, text: 'Your data stays on your own server' },
];

/** Two columns on wide screens (brand panel + form), the form alone on phones. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-screen bg-white">
      <SkipLink />
      <aside className="relative hidden w-[44%] overflow-hidden bg-gradient-to-br from-blue-600 via-blue-700 to-indigo-800 p-12 text-white lg:flex lg:flex-col lg:justify-between">
        <div className="absolute -top-24 -right-24 size-96 rounded-full bg-white/10 blur-3xl" aria-hidden="true" />
        <Link to="/" className="relative inline-flex items-center gap-2 text-xl font-bold">
          <span className="flex size-9 items-center justify-center rounded-lg bg-white/15 ring-1 ring-white/25">
            <HeartHandshake className="size-5" aria-hidden="true" />
          </span>
          Kith
        </Link>
        <div className="relative">
          <h2 className="text-4xl leading-tight font-bold tracking-tight">Stay close to the people you care about.</h2>
          <ul className="mt-10 space-y-5">
            {HIGHLIGHTS.map(({ Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-blue-50">
                <span className="flex size-9 items-center justify-center rounded-lg bg-white/15 ring-1 ring-white/20">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-blue-200">Private by design. Self-hosted.</p>
      </aside>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="flex flex-1 outline-none flex-col items-center justify-center px-5 py-10 sm:px-10"
      >
        <div className="w-full max-w-sm">
          <Link to="/" className="mb-10 inline-block lg:hidden" aria-label="Kith home">
            <Logo />
          </Link>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {subtitle && <p className="mt-2 text-sm text-slate-500">{subtitle}</p>}
          <div className="mt-8">
            <FormErrorBoundary>{children}</FormErrorBoundary>
          </div>
          {footer && <div className="mt-8 text-center text-sm text-slate-500">{footer}</div>}
        </div>
      </main>
    </div>
  );
}
