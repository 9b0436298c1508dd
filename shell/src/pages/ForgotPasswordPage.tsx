import { Button, api, notify, serverErrorOr } from '@kith/web-kit';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { AuthLayout } from '../auth/AuthLayout.js';
import { EmailInput } from '../auth/EmailInput.js';
import { EmailNotConfiguredNotice } from '../email/EmailNotConfiguredNotice.js';
import { schemaResolver } from '../auth/schema-resolver.js';

const backToLogin = (
  <Link to="/login" className="inline-flex items-center gap-1.5 font-semibold text-blue-600 hover:text-blue-700">
    <ArrowLeft className="size-4" aria-hidden="true" /> Back to login
  </Link>
);

export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm({
    resolver: schemaResolver('forgotPassword'),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = async ({ email }: { email: string }) => {
    try {
      await api.call('forgotPassword', { body: { email } });
      setSentTo(email);
    } catch (error) {
      notify.error(serverErrorOr(error, 'An error occurred. Please try again.'));
    }
  };

  if (sentTo) {
    return (
      <AuthLayout title="Check your email" footer={backToLogin}>
        <div className="rounded-2xl border border-green-100 bg-green-50 p-6 text-center">
          <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-green-100 text-green-600">
            <MailCheck className="size-6" aria-hidden="true" />
          </span>
          <p className="mt-4 text-sm text-green-900" role="status">
            If an account with that email exists, we've sent you a password reset link.
          </p>
        </div>
        <p className="mt-6 text-center text-sm text-slate-500">
          Didn't get it? Check your spam folder or{' '}
          <button
            type="button"
            onClick={() => setSentTo(null)}
            className="font-semibold text-blue-600 hover:text-blue-700"
          >
            try again
          </button>
          .
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter your email and we'll send you a link to choose a new one."
      footer={backToLogin}
    >
      <form className="space-y-5" onSubmit={handleSubmit(onSubmit)} noValidate>
        <EmailNotConfiguredNotice what="No reset link can be sent." />
        <EmailInput registration={register('email')} error={errors.email} />
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          Send Reset Link
        </Button>
      </form>
    </AuthLayout>
  );
}
