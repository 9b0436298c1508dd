import { AccountMessages } from '@kith/contracts';
import { Button, api, notify, serverErrorOr } from '@kith/web-kit';
import { MailWarning } from 'lucide-react';
import { useState } from 'react';

/** Shown while the account's address is not confirmed: no reminder e-mail goes to it until it is. */
export function EmailUnverifiedNotice({ email }: { email: string }) {
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    try {
      notify.success((await api.call('resendVerification', { retry: false })).message);
    } catch (error) {
      notify.error(serverErrorOr(error, 'Could not send the link again'));
    } finally {
      setSending(false);
    }
  };
  return (
    <div
      role="status"
      data-testid="email-unverified"
      className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2 text-sm text-amber-900">
        <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          {AccountMessages.EMAIL_NOT_VERIFIED} ({email}). Until then Kith sends no reminder e-mail there.
        </span>
      </p>
      <Button variant="secondary" size="sm" onClick={() => void resend()} loading={sending} className="shrink-0">
        Send the link again
      </Button>
    </div>
  );
}
