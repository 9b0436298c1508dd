import { Spinner } from '@kith/web-kit';

export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 text-slate-600">
      <Spinner size="lg" className="text-blue-600" />
      <p className="text-sm font-medium">{label}</p>
    </div>
  );
}
