import { Button, notify } from '@kith/web-kit';
import { Copy } from 'lucide-react';

export async function copyToClipboard(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(`${what} copied`);
  } catch {
    notify.error(`Could not copy: select the ${what.toLowerCase()} and copy it by hand`);
  }
}

/** A value to copy into another app (a server address, a password shown once, a key). */
export function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="min-w-0">
      <p className="mb-1 text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</p>
      <div className="flex items-center gap-2">
        <code
          data-testid={testId}
          className="min-w-0 flex-1 rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900 select-all"
        >
          {value}
        </code>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void copyToClipboard(value, label)}
          aria-label={`Copy ${label.toLowerCase()}`}
        >
          <Copy className="size-3.5" aria-hidden="true" />
          Copy
        </Button>
      </div>
    </div>
  );
}
