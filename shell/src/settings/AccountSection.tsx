import { AccountMessages, type ChangePasswordResponse, ErrorCode, type User } from '@kith/contracts';
import {
  Button,
  FormField,
  api,
  inputClassName,
  isApiError,
  notify,
  serverErrorOr,
  session,
  useAuthStore,
} from '@kith/web-kit';
import { queryKeys } from '@kith/web-kit/data';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, Mail, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { schemaResolver } from '../auth/schema-resolver.js';
import { SettingsSection } from './SettingsSection.js';
import { useSecondFactorInput } from '../auth/useSecondFactorInput.js';

/** Puts the server's field errors (and a wrong current password) under the fields of a form. */
function showServerErrors<Field extends string>(
  error: unknown,
  setError: (field: Field, error: { message: string }) => void,
  fields: readonly Field[],
  currentPasswordField: Field,
): boolean {
  if (!isApiError(error)) return false;
  if (error.code === ErrorCode.INVALID_CREDENTIALS) {
    setError(currentPasswordField, { message: error.message });
    return true;
  }
  const details = (error.details ?? []).filter((detail): detail is { field: Field; message: string } =>
    fields.includes(detail.field as Field),
  );
  for (const detail of details) setError(detail.field, { message: detail.message });
  return details.length > 0;
}

/**
 * The body proof of a change (the password, here in the form) needs a code as well when
 * two-factor sign-in is on: the field appears once the server asks for it.
 */
function useCodeWhenAsked() {
  const [needsCode, setNeedsCode] = useState(false);
  const factor = useSecondFactorInput();
  return {
    /** The factor to send; undefined when one is needed but not readable (the field says why). */
    read: () => (needsCode ? (factor.read() ?? undefined) : null),
    /** True when the error was about the second factor (now shown). */
    handled: (error: unknown) => {
      if (isApiError(error) && error.code === ErrorCode.TWO_FACTOR_REQUIRED) {
        setNeedsCode(true);
        return true;
      }
      if (isApiError(error) && error.code === ErrorCode.INVALID_TWO_FACTOR_CODE) {
        factor.refuse(error.message);
        return true;
      }
      return false;
    },
    reset: () => {
      setNeedsCode(false);
      factor.reset();
    },
    field: (id: string) => (needsCode ? factor.field(id, { autoFocus: true }) : null),
  };
}

function NameForm({ user, onSaved }: { user: User; onSaved: (user: User) => void }) {
  const { register, handleSubmit, formState } = useForm({
    resolver: schemaResolver('profile'),
    defaultValues: { firstName: user.firstName, lastName: user.lastName },
  });
  const save = handleSubmit(async (values) => {
    try {
      const { user: saved } = await api.call('updateProfile', { body: values });
      useAuthStore.setState({ user: saved });
      onSaved(saved);
      notify.success(AccountMessages.PROFILE_UPDATED);
    } catch (error) {
      notify.error(serverErrorOr(error, 'Could not save your name'));
    }
  });
  return (
    <form
      onSubmit={(event) => void save(event)}
      className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      noValidate
    >
      <FormField label="First name" htmlFor="account-first-name" error={formState.errors.firstName?.message}>
        <input
          id="account-first-name"
          className={inputClassName(Boolean(formState.errors.firstName))}
          autoComplete="given-name"
          {...register('firstName')}
        />
      </FormField>
      <FormField label="Last name" htmlFor="account-last-name" error={formState.errors.lastName?.message}>
        <input
          id="account-last-name"
          className={inputClassName(Boolean(formState.errors.lastName))}
          autoComplete="family-name"
          {...register('lastName')}
        />
      </FormField>
      <Button type="submit" variant="secondary" loading={formState.isSubmitting}>
        Save name
      </Button>
    </form>
  );
}

/** Summarises what a password change ended, so the person knows what to set up again. */
export function revokedSummary({ revoked }: ChangePasswordResponse): string {
  const parts = [`${revoked.sessions} other session${revoked.sessions === 1 ? '' : 's'} signed out`];
  if (revoked.appPasswords > 0)
    parts.push(
      `${revoked.appPasswords} app password${revoked.appPasswords === 1 ? '' : 's'} deleted: make new ones for your devices`,
    );
  if (revoked.calendarFeed) parts.push('the calendar feed URL stopped working: make a new one');
  return `Password changed. ${parts.join('; ')}.`;
}

function PasswordForm() {
  const client = useQueryClient();
  const code = useCodeWhenAsked();
  const { register, handleSubmit, formState, setError, reset } = useForm({
    resolver: schemaResolver('changePassword'),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const [summary, setSummary] = useState<string | null>(null);
  const save = handleSubmit(async ({ currentPassword, newPassword }) => {
    const factor = code.read();
    if (factor === undefined) return;
    try {
      const changed = await api.call('changePassword', {
        body: { currentPassword, newPassword, ...factor },
        retry: false,
      });
      // This session goes on with fresh tokens; every other one has ended.
      session.saveTokens(changed.tokens);
      reset();
      code.reset();
      setSummary(revokedSummary(changed));
      // The sessions and app passwords listed beside this form are gone now.
      void client.invalidateQueries({ queryKey: queryKeys.account });
      notify.success(AccountMessages.PASSWORD_CHANGED);
    } catch (error) {
      if (code.handled(error)) return;
      if (!showServerErrors(error, setError, ['currentPassword', 'newPassword'] as const, 'currentPassword'))
        notify.error(serverErrorOr(error, 'Could not change your password'));
    }
  });
  return (
    <form onSubmit={(event) => void save(event)} className="space-y-3" noValidate aria-label="Change password">
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField
          label="Current password"
          htmlFor="account-current-password"
          error={formState.errors.currentPassword?.message}
        >
          <input
            id="account-current-password"
            type="password"
            autoComplete="current-password"
            className={inputClassName(Boolean(formState.errors.currentPassword))}
            {...register('currentPassword')}
          />
        </FormField>
        <FormField label="New password" htmlFor="account-new-password" error={formState.errors.newPassword?.message}>
          <input
            id="account-new-password"
            type="password"
            autoComplete="new-password"
            className={inputClassName(Boolean(formState.errors.newPassword))}
            {...register('newPassword')}
          />
        </FormField>
        <FormField
          label="Confirm new password"
          htmlFor="account-confirm-password"
          error={formState.errors.confirmPassword?.message}
        >
          <input
            id="account-confirm-password"
            type="password"
            autoComplete="new-password"
            className={inputClassName(Boolean(formState.errors.confirmPassword))}
            {...register('confirmPassword')}
          />
        </FormField>
      </div>
      {code.field('change-password')}
      <p className="text-xs text-slate-500">
        Changing it signs out every other session, deletes your app passwords and turns off the calendar feed URL.
      </p>
      {summary && (
        <p role="status" className="rounded-lg bg-green-50 p-3 text-sm text-green-900">
          {summary}
        </p>
      )}
      <Button type="submit" loading={formState.isSubmitting}>
        Change password
      </Button>
    </form>
  );
}

function EmailForm({ user }: { user: User }) {
  const code = useCodeWhenAsked();
  const { register, handleSubmit, formState, setError, reset } = useForm({
    resolver: schemaResolver('changeEmail'),
    defaultValues: { newEmail: '', currentPassword: '' },
  });
  const [sent, setSent] = useState<string | null>(null);
  const save = handleSubmit(async ({ newEmail, currentPassword }) => {
    const factor = code.read();
    if (factor === undefined) return;
    try {
      const answer = await api.call('changeEmail', {
        body: { newEmail, currentPassword, ...factor },
        retry: false,
      });
      reset();
      code.reset();
      setSent(answer.message);
    } catch (error) {
      if (code.handled(error)) return;
      if (isApiError(error) && error.code === ErrorCode.EMAIL_TAKEN) setError('newEmail', { message: error.message });
      else if (!showServerErrors(error, setError, ['newEmail', 'currentPassword'] as const, 'currentPassword'))
        notify.error(serverErrorOr(error, 'Could not change your address'));
    }
  });
  return (
    <form onSubmit={(event) => void save(event)} className="space-y-3" noValidate aria-label="Change e-mail address">
      <p className="text-sm text-slate-600">
        You sign in with <strong className="font-medium text-slate-900">{user.email}</strong>. A link goes to the new
        address; the change happens when you open it.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="New e-mail address" htmlFor="account-new-email" error={formState.errors.newEmail?.message}>
          <input
            id="account-new-email"
            type="email"
            autoComplete="email"
            className={inputClassName(Boolean(formState.errors.newEmail))}
            {...register('newEmail')}
          />
        </FormField>
        <FormField
          label="Your password"
          htmlFor="account-email-password"
          error={formState.errors.currentPassword?.message}
        >
          <input
            id="account-email-password"
            type="password"
            autoComplete="current-password"
            className={inputClassName(Boolean(formState.errors.currentPassword))}
            {...register('currentPassword')}
          />
        </FormField>
      </div>
      {code.field('change-email')}
      {sent && (
        <p role="status" className="rounded-lg bg-blue-50 p-3 text-sm text-blue-900">
          {sent}
        </p>
      )}
      <Button type="submit" variant="secondary" loading={formState.isSubmitting}>
        Send the link
      </Button>
    </form>
  );
}

/** Settings → Account: the name, the password and the e-mail address. */
export function AccountSection({ user, onUserChange }: { user: User; onUserChange: (user: User) => void }) {
  return (
    <SettingsSection
      icon={<UserRound className="size-5" aria-hidden="true" />}
      title="Account"
      description="Your name, your password and the address you sign in with."
    >
      <div className="divide-y divide-slate-100">
        <div className="px-5 py-4 sm:px-6">
          <NameForm user={user} onSaved={onUserChange} />
        </div>
        <div className="px-5 py-4 sm:px-6">
          <h3 className="mb-3 flex items-center gap-2 text-sm font-semibold text-slate-900">
            <KeyRound className="size-4 text-slate-500" aria-hidden="true" /> Password
          </h3>
          <PasswordForm />
        </div>
        <div className="px-5 py-4 sm:px-6">
          <h3 className="mb-3 flex items-center gap-2 text-sm font-semibold text-slate-900">
            <Mail className="size-4 text-slate-500" aria-hidden="true" /> E-mail address
          </h3>
          <EmailForm user={user} />
        </div>
      </div>
    </SettingsSection>
  );
}
