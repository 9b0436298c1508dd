import { Spinner } from '@kith/web-kit';
import { Logo } from './Logo.js';

export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-6 bg-slate-50 text-slate-600">
      <Logo />
      <div className="flex items-center gap-3">
        <Spinner size="sm" className="text-blue-600" />
        <p className="text-sm font-medium">{label}</p>
      </div>
    </div>
  );
}
