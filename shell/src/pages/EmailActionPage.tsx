import { type EmailActionKind, type EmailActionPreview, ErrorMessage, fullName } from '@kith/contracts';
import { Button, LoadingState, api, buttonClassName, isApiError, serverErrorOr } from '@kith/web-kit';
import { BellOff, CheckCircle2, Clock, LinkIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { AuthLayout } from '../auth/AuthLayout.js';

type PageState =
  | { kind: 'loading' }
  | { kind: 'ready'; preview: EmailActionPreview }
  | { kind: 'done'; message: string }
  | { kind: 'refused'; title: string; message: string };

const COPY: Record<EmailActionKind, { title: (name: string) => string; button: string; explain: string }> = {
  'mark-contacted': {
    title: (name) => `Mark ${name} as contacted?`,
    button: 'Mark as contacted',
    explain: 'This logs an interaction for today, so their reminder timer starts again.',
  },
  snooze: {
    title: (name) => `Snooze ${name} for a week?`,
    button: 'Snooze 1 week',
    explain: 'They stay overdue in Kith but are left out of reminder e-mails for a week.',
  },
  'pause-reminders': {
    title: () => 'Pause reminder e-mails?',
    button: 'Pause reminder e-mails',
    explain: 'You will get no daily reminder e-mails until you turn them back on in Settings.',
  },
};

function refusal(error: unknown): PageState {
  if (isApiError(error) && error.code === 'LINK_USED')
    return { kind: 'refused', title: 'Link already used', message: ErrorMessage.EMAIL_LINK_USED };
  if (isApiError(error) && error.code === 'LINK_EXPIRED')
    return { kind: 'refused', title: 'Link expired', message: ErrorMessage.EMAIL_LINK_EXPIRED };
  if (isApiError(error) && error.status === 400)
    return { kind: 'refused', title: 'Invalid link', message: ErrorMessage.EMAIL_LINK_INVALID };
  if (isApiError(error) && error.status === 404)
    return { kind: 'refused', title: 'Contact not found', message: ErrorMessage.EMAIL_LINK_CONTACT_GONE };
  return {
    kind: 'refused',
    title: 'Something went wrong',
    message: serverErrorOr(error, 'An error occurred. Please try again.'),
  };
}

/**
 * Where a one-click link from a reminder e-mail lands, signed in or not. Opening it changes
 * nothing (mail scanners prefetch links); the one button does.
 */
export default function EmailActionPage() {
  const { token = '' } = useParams();
  const [state, setState] = useState<PageState>({ kind: 'loading' });
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    let current = true;
    api
      .call('previewEmailAction', { params: { token } })
      .then((preview) => {
        if (!current) return;
        if (preview.state === 'used')
          setState({ kind: 'refused', title: 'Link already used', message: ErrorMessage.EMAIL_LINK_USED });
        else if (preview.state === 'expired')
          setState({ kind: 'refused', title: 'Link expired', message: ErrorMessage.EMAIL_LINK_EXPIRED });
        else if (preview.action !== 'pause-reminders' && !preview.contact)
          setState({ kind: 'refused', title: 'Contact not found', message: ErrorMessage.EMAIL_LINK_CONTACT_GONE });
        else setState({ kind: 'ready', preview });
      })
      .catch((error: unknown) => current && setState(refusal(error)));
    return () => {
      current = false;
    };
  }, [token]);

  const confirm = async () => {
    setSubmitting(true);
    try {
      const result = await api.call('performEmailAction', { params: { token } });
      setState({ kind: 'done', message: result.message });
    } catch (error) {
      setState(refusal(error));
    } finally {
      setSubmitting(false);
    }
  };

  const openKith = (
    <Link to="/dashboard" className={buttonClassName('secondary', 'lg', 'mt-6 w-full')}>
      Open Kith
    </Link>
  );

  if (state.kind === 'loading') {
    return (
      <AuthLayout title="Reminder">
        <LoadingState label="Checking your link..." />
      </AuthLayout>
    );
  }
  if (state.kind === 'refused') {
    return (
      <AuthLayout title={state.title}>
        <div className="rounded-2xl border border-amber-100 bg-amber-50 p-6 text-center" role="alert">
          <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-600">
            <LinkIcon className="size-6" aria-hidden="true" />
          </span>
          <p className="mt-4 text-sm text-amber-900">{state.message}</p>
        </div>
        {openKith}
      </AuthLayout>
    );
  }
  if (state.kind === 'done') {
    return (
      <AuthLayout title="Done">
        <div className="rounded-2xl border border-green-100 bg-green-50 p-6 text-center" role="status">
          <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-green-100 text-green-600">
            <CheckCircle2 className="size-6" aria-hidden="true" />
          </span>
          <p className="mt-4 text-sm text-green-900">{state.message}</p>
        </div>
        {openKith}
      </AuthLayout>
    );
  }

  const { preview } = state;
  const copy = COPY[preview.action];
  const Icon = preview.action === 'pause-reminders' ? BellOff : preview.action === 'snooze' ? Clock : CheckCircle2;
  return (
    <AuthLayout title={copy.title(preview.contact ? fullName(preview.contact) : '')} subtitle={copy.explain}>
      <div className="flex items-center gap-3 rounded-2xl border border-slate-100 bg-slate-50 p-4 text-sm text-slate-600">
        <Icon className="size-5 shrink-0 text-blue-600" aria-hidden="true" />
        {preview.action === 'pause-reminders' ? 'This link works until' : 'This link works once and expires on'}{' '}
        {new Date(preview.expiresAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })}.
      </div>
      <Button size="lg" className="mt-6 w-full" loading={submitting} onClick={() => void confirm()}>
        {copy.button}
      </Button>
    </AuthLayout>
  );
}
