import { AccountMessages, ErrorCode, type Invitation } from '@kith/contracts';
import { Button, FormField, api, inputClassName, isApiError, notify, serverErrorOr } from '@kith/web-kit';
import { Send } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { schemaResolver } from '../auth/schema-resolver.js';
import { SettingsSection } from './SettingsSection.js';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Settings → Invitations, for the operator: invite someone by e-mail, and see who joined. */
export function InvitationsSection() {
  const [invitations, setInvitations] = useState<Invitation[] | null>(null);
  const { register, handleSubmit, formState, reset, setError } = useForm({
    resolver: schemaResolver('invitation'),
    defaultValues: { email: '' },
  });

  const reload = useCallback(async () => {
    try {
      setInvitations(await api.call('listInvitations'));
    } catch {
      setInvitations([]);
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  const invite = handleSubmit(async ({ email }) => {
    try {
      await api.call('createInvitation', { body: { email }, retry: false });
      notify.success(`${AccountMessages.INVITATION_SENT} to ${email}`);
      reset();
      await reload();
    } catch (error) {
      if (isApiError(error) && (error.code === ErrorCode.EMAIL_TAKEN || error.code === ErrorCode.VALIDATION_ERROR))
        setError('email', { message: error.message });
      else notify.error(serverErrorOr(error, 'Could not send the invitation'));
    }
  });

  return (
    <SettingsSection
      icon={<Send className="size-5" aria-hidden="true" />}
      title="Invitations"
      description="You run this Kith: invite people by e-mail to create an account."
    >
      <div className="space-y-4 px-5 py-4 sm:px-6" data-testid="invitations">
        <form
          onSubmit={(event) => void invite(event)}
          className="flex flex-col gap-2 sm:flex-row sm:items-start"
          noValidate
        >
          <div className="flex-1">
            <FormField label="E-mail address to invite" htmlFor="invite-email" error={formState.errors.email?.message}>
              <input
                id="invite-email"
                type="email"
                className={inputClassName(Boolean(formState.errors.email))}
                {...register('email')}
              />
            </FormField>
          </div>
          <Button type="submit" loading={formState.isSubmitting} className="shrink-0 sm:mt-6">
            Send invitation
          </Button>
        </form>
        {invitations && invitations.length === 0 && <p className="text-sm text-slate-600">No invitations yet.</p>}
        {invitations && invitations.length > 0 && (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Invitations">
            {invitations.map((invitation) => (
              <li key={invitation._id} className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
                <span className="min-w-0 truncate text-slate-900">{invitation.email}</span>
                <span className="shrink-0 text-xs text-slate-600">
                  {invitation.acceptedAt
                    ? `Joined ${dateFormat.format(new Date(invitation.acceptedAt))}`
                    : `Sent ${dateFormat.format(new Date(invitation.createdAt))}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </SettingsSection>
  );
}
