import { ErrorCode, type User } from '@kith/contracts';
import {
  Button,
  Card,
  FormField,
  Modal,
  api,
  inputClassName,
  isApiError,
  serverErrorOr,
  notify,
  session,
  useAuthStore,
} from '@kith/web-kit';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSecondFactorInput } from '../auth/useSecondFactorInput.js';

/** The typed confirmation must be the account's e-mail, so nobody deletes the wrong account by reflex. */
export const confirmsAccount = (typed: string, email: string) => typed.trim().toLowerCase() === email.toLowerCase();

/** 'Danger zone': deletes the account after the e-mail is typed and the password given. */
export function DangerZone({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const [typedEmail, setTypedEmail] = useState('');
  const [password, setPassword] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Two-factor sign-in is on: the server asked for a code too. */
  const [needsCode, setNeedsCode] = useState(false);
  const factor = useSecondFactorInput();
  const navigate = useNavigate();

  const close = () => {
    if (deleting) return;
    setOpen(false);
    setTypedEmail('');
    setPassword('');
    setError(null);
    setNeedsCode(false);
    factor.reset();
  };

  const deleteAccount = async () => {
    const secondFactor = needsCode ? factor.read() : null;
    if (needsCode && !secondFactor) return;
    setDeleting(true);
    setError(null);
    try {
      const { message } = await api.call('deleteAccount', {
        body: { password, ...secondFactor },
        retry: false,
      });
      session.clear();
      useAuthStore.setState({ user: null, isAuthenticated: false, isLoading: false, error: null });
      notify.success(message);
      // The landing page says it too, where it stays: a toast can go before it is read.
      navigate('/', { replace: true, state: { notice: message } });
    } catch (failure) {
      setDeleting(false);
      if (isApiError(failure) && failure.code === ErrorCode.TWO_FACTOR_REQUIRED) setNeedsCode(true);
      else if (isApiError(failure) && failure.code === ErrorCode.INVALID_TWO_FACTOR_CODE)
        factor.refuse(failure.message);
      else setError(serverErrorOr(failure, 'Failed to delete account'));
    }
  };

  return (
    <Card className="overflow-hidden border-red-200">
      <div className="flex items-center gap-3 border-b border-red-100 px-5 py-4 sm:px-6">
        <span className="flex size-9 items-center justify-center rounded-lg bg-red-50 text-red-600">
          <TriangleAlert className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h2 className="font-semibold text-red-700">Danger zone</h2>
          <p className="text-sm text-slate-500">Deleting your account erases all of your data. It cannot be undone.</p>
        </div>
      </div>
      <div className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="text-sm text-slate-600">
          Your profile, contacts, lists, interactions, reminders and settings are erased from every part of Kith.
        </p>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      </div>
      <Modal
        open={open}
        onClose={close}
        dismissible={!deleting}
        title="Delete your account?"
        description="This erases everything you keep in Kith. Export your data first if you want a copy."
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={deleting}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={deleteAccount}
              disabled={!confirmsAccount(typedEmail, user.email) || password === '' || deleting}
            >
              Delete my account forever
            </Button>
          </>
        }
      >
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (confirmsAccount(typedEmail, user.email) && password) void deleteAccount();
          }}
        >
          <FormField
            label={
              <>
                Type <strong className="font-semibold text-slate-900">{user.email}</strong> to confirm
              </>
            }
            htmlFor="delete-confirm-email"
          >
            <input
              id="delete-confirm-email"
              className={inputClassName()}
              autoComplete="off"
              value={typedEmail}
              onChange={(event) => setTypedEmail(event.target.value)}
            />
          </FormField>
          <FormField label="Your password" htmlFor="delete-password" error={error ?? undefined}>
            <input
              id="delete-password"
              type="password"
              className={inputClassName(Boolean(error))}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </FormField>
          {needsCode && factor.field('delete-account', { autoFocus: true })}
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </form>
      </Modal>
    </Card>
  );
}
