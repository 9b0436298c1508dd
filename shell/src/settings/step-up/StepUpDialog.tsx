import { ErrorCode, StepUpMessage, type StepUpResponse, TwoFactorMessage } from '@kith/contracts';
import { Button, FormField, Modal, api, inputClassName, isApiError, serverErrorOr } from '@kith/web-kit';
import { type FormEvent, useState } from 'react';
import { getPasskey, passkeysSupported, wasCancelled } from '../../auth/passkey-ceremony.js';
import { useSecondFactorInput } from '../../auth/useSecondFactorInput.js';

/**
 * "Confirm it is you": the password again and, when the server says two-factor sign-in is on, a
 * code or a recovery code. Answers the grant (POST /auth/step-up) that opens guarded changes.
 */
export function StepUpDialog({
  open,
  onGranted,
  onCancel,
}: {
  open: boolean;
  onGranted: (grant: StepUpResponse) => void;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const [needsCode, setNeedsCode] = useState(false);
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<string>();
  const factor = useSecondFactorInput();

  const reset = () => {
    setPassword('');
    setPasswordError(undefined);
    setNeedsCode(false);
    setFailure(undefined);
    factor.reset();
  };
  const cancel = () => {
    if (checking) return;
    reset();
    onCancel();
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!password) {
      setPasswordError('Password is required');
      return;
    }
    const secondFactor = needsCode ? factor.read() : null;
    if (needsCode && !secondFactor) return;
    setChecking(true);
    setFailure(undefined);
    try {
      const grant = await api.call('stepUp', {
        body: { password, ...secondFactor },
        retry: false,
      });
      reset();
      onGranted(grant);
    } catch (error) {
      if (isApiError(error) && error.code === ErrorCode.TWO_FACTOR_REQUIRED) {
        setNeedsCode(true);
        setPasswordError(undefined);
      } else if (isApiError(error) && error.code === ErrorCode.INVALID_CREDENTIALS) {
        setPasswordError(error.message);
      } else if (isApiError(error) && (error.code === ErrorCode.INVALID_TWO_FACTOR_CODE || error.status === 429)) {
        if (needsCode) factor.refuse(error.message);
        else setPasswordError(error.message);
      } else {
        setFailure(serverErrorOr(error, 'Could not check your password'));
      }
    } finally {
      setChecking(false);
    }
  };

  // A passkey proves the person on its own (it is unlocked on the device): no password needed.
  const withPasskey = async () => {
    setChecking(true);
    setFailure(undefined);
    try {
      const options = await api.call('stepUpPasskeyOptions', { retry: false });
      const response = await getPasskey(options);
      const grant = await api.call('stepUpPasskey', { body: { response }, retry: false });
      reset();
      onGranted(grant);
    } catch (error) {
      if (isApiError(error) && error.status === 404) setFailure('Your account has no passkey yet.');
      else if (!wasCancelled(error)) setFailure(serverErrorOr(error, 'Could not check your passkey'));
    } finally {
      setChecking(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={cancel}
      dismissible={!checking}
      title="Confirm it is you"
      description={
        needsCode
          ? 'Enter your password and a code from your authenticator app (or a recovery code).'
          : StepUpMessage.REQUIRED
      }
      footer={
        <>
          <Button variant="secondary" onClick={cancel} disabled={checking}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={checking}>
            Confirm
          </Button>
        </>
      }
    >
      <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate data-testid="step-up">
        <FormField label="Your password" htmlFor="step-up-password" error={passwordError}>
          <input
            id="step-up-password"
            type="password"
            autoFocus
            className={inputClassName(Boolean(passwordError))}
            aria-invalid={Boolean(passwordError)}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </FormField>
        {needsCode && (
          <>
            <p className="text-sm text-slate-600">{TwoFactorMessage.CODE_REQUIRED}.</p>
            {factor.field('step-up', { autoFocus: true })}
          </>
        )}
        {passkeysSupported() && (
          <button
            type="button"
            onClick={() => void withPasskey()}
            disabled={checking}
            className="text-sm font-semibold text-blue-600 hover:text-blue-700"
          >
            Use a passkey instead
          </button>
        )}
        {failure && (
          <p role="alert" className="text-sm text-red-700">
            {failure}
          </p>
        )}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </Modal>
  );
}
