import type { ReactNode } from 'react';
import { DemoBanner } from '../demo/DemoBanner.js';
import { Tour } from '../demo/Tour.js';
import { Breadcrumbs } from './Breadcrumbs.js';
import { Header } from './Header.js';

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50">
      <Header />
      <DemoBanner />
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
        <Breadcrumbs />
        {children}
      </main>
      <Tour />
    </div>
  );
}
