import { ErrorCode } from '@kith/contracts';
import { Button, ErrorBanner, isApiError, notify, useAuthStore } from '@kith/web-kit';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../auth/AuthLayout.js';
import { EmailInput } from '../auth/EmailInput.js';
import { TextInput } from '../auth/TextInput.js';
import { schemaResolver } from '../auth/schema-resolver.js';

const REGISTER_FAILED = 'Failed to create account. Please try again.';

export default function RegisterPage() {
  const registerAccount = useAuthStore((state) => state.register);
  // The spec's message, shown once, in the form (the store keeps the server's reason for others);
  // a registration the instance refuses (by invitation, or closed) says so instead.
  const [failed, setFailed] = useState<string | false>(false);
  // An invitation link: `/register?invitation=…&email=…`.
  const [search] = useSearchParams();
  const invitation = search.get('invitation') ?? undefined;
  const clearError = useAuthStore((state) => state.clearError);
  const navigate = useNavigate();
  // An error from an earlier attempt (or the other auth page) is not this page's error.
  useEffect(() => clearError(), [clearError]);
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: schemaResolver('register'),
    defaultValues: { firstName: '', lastName: '', email: search.get('email') ?? '', password: '' },
  });
  const { errors, isSubmitting } = formState;

  // The schema's output: names and e-mail trimmed.
  const onSubmit = async (details: { firstName: string; lastName: string; email: string; password: string }) => {
    setFailed(false);
    try {
      await registerAccount({ ...details, ...(invitation ? { invitation } : {}) });
      notify.success('Account created successfully! Welcome to the product.');
      navigate('/dashboard', { replace: true });
    } catch (error) {
      const passwordRefused = isApiError(error) && error.details?.find((detail) => detail.field === 'password');
      if (passwordRefused) setError('password', { message: passwordRefused.message });
      else
        setFailed(isApiError(error) && error.code === ErrorCode.REGISTRATION_CLOSED ? error.message : REGISTER_FAILED);
    }
  };

  return (
    <AuthLayout
      title="Create your account"
      subtitle="It takes less than a minute. Your data stays yours."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-blue-600 hover:text-blue-700">
            Sign in
          </Link>
        </>
      }
    >
      {failed && <ErrorBanner message={failed} onDismiss={() => setFailed(false)} />}
      <form className="space-y-5" onSubmit={handleSubmit(onSubmit)} noValidate>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextInput
            id="firstName"
            label="First name"
            autoComplete="given-name"
            registration={register('firstName')}
            error={errors.firstName}
          />
          <TextInput
            id="lastName"
            label="Last name"
            autoComplete="family-name"
            registration={register('lastName')}
            error={errors.lastName}
          />
        </div>
        <EmailInput registration={register('email')} error={errors.email} />
        <TextInput
          id="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          registration={register('password')}
          error={errors.password}
        />
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          Create Account
        </Button>
      </form>
    </AuthLayout>
  );
}
