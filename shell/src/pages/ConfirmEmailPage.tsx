import { AccountMessages } from '@kith/contracts';
import { LoadingState, api, buttonClassName, serverErrorOr } from '@kith/web-kit';
import { CheckCircle2, LinkIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../auth/AuthLayout.js';

type PageState = { kind: 'loading' } | { kind: 'done'; message: string } | { kind: 'refused'; message: string };

/**
 * `/confirm-email?token=…`: the link of a confirmation mail (after registering, or to change the
 * address). Opening it confirms, signed in or not, on any device.
 */
export default function ConfirmEmailPage() {
  const [search] = useSearchParams();
  const token = search.get('token');
  const [state, setState] = useState<PageState>(
    token ? { kind: 'loading' } : { kind: 'refused', message: AccountMessages.EMAIL_LINK_INVALID },
  );
  // React's development double effect must not use a single-use link twice.
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    api.call('confirmEmail', { body: { token }, retry: false, redirectOnSessionExpiry: false }).then(
      ({ message }) => setState({ kind: 'done', message }),
      (error) => setState({ kind: 'refused', message: serverErrorOr(error, AccountMessages.EMAIL_LINK_INVALID) }),
    );
  }, [token]);

  if (state.kind === 'loading') return <LoadingState label="Confirming your address..." />;
  const done = state.kind === 'done';
  return (
    <AuthLayout title={done ? 'Address confirmed' : 'Link not valid'} subtitle={state.message}>
      <div className="flex flex-col items-center gap-4 text-center">
        {done ? (
          <CheckCircle2 className="size-10 text-green-600" aria-hidden="true" />
        ) : (
          <LinkIcon className="size-10 text-slate-400" aria-hidden="true" />
        )}
        <Link to="/dashboard" className={buttonClassName()}>
          Open Kith
        </Link>
      </div>
    </AuthLayout>
  );
}
