import { Card } from '@kith/web-kit';
import type { ReactNode } from 'react';

/** What heads a settings section or one of its rows: an icon, a title and a line about it. */
export interface SettingsHeading {
  icon: ReactNode;
  title: string;
  description: ReactNode;
}

/** A card of the Settings page: its heading over the section's own body (`children`). */
export function SettingsSection({ icon, title, description, children }: SettingsHeading & { children: ReactNode }) {
  return (
    <Card className="overflow-hidden">
      <div className="flex items-center gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
        <span className="flex size-9 items-center justify-center rounded-lg bg-blue-50 text-blue-600">{icon}</span>
        <div>
          <h2 className="font-semibold text-slate-900">{title}</h2>
          <p className="text-sm text-slate-500">{description}</p>
        </div>
      </div>
      {children}
    </Card>
  );
}
