import { MailWarning } from 'lucide-react';
import { useEmailConfigured } from './useEmailConfigured.js';

/** Says, where e-mail matters, that this server sends none (it has no mail server configured). */
export function EmailNotConfiguredNotice({ what }: { what: string }) {
  const configured = useEmailConfigured();
  if (configured) return null;
  return (
    <div
      role="note"
      className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <MailWarning className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
      <p>
        <span className="font-semibold">E-mail is not configured on this server.</span> {what} Whoever runs this Kith
        can set it up (SMTP_URL).
      </p>
    </div>
  );
}
