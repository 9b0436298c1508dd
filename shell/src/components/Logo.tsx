import { HeartHandshake } from 'lucide-react';

export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-bold tracking-tight text-slate-900 ${className}`}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-blue-600 text-white shadow-sm">
        <HeartHandshake className="size-5" aria-hidden="true" />
      </span>
      <span className="text-lg">Kith</span>
    </span>
  );
}
