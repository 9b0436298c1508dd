import {
  ErrorCode,
  RECOVERY_CODE_COUNT,
  TwoFactorMessage,
  type TwoFactorSetupResponse,
  type TwoFactorStatus,
} from '@kith/contracts';
import {
  Button,
  Card,
  ConfirmDialog,
  FormField,
  Modal,
  api,
  inputClassName,
  isApiError,
  notify,
  serverErrorOr,
} from '@kith/web-kit';
import { ShieldCheck, TriangleAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { readSecondFactor } from '../auth/second-factor.js';
import { useSecondFactorInput } from '../auth/useSecondFactorInput.js';
import { copyToClipboard, CopyField } from './CopyField.js';
import { useStepUp } from './step-up/useStepUp.js';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
/** Below this many unused recovery codes, Settings suggests new ones. */
const FEW_RECOVERY_CODES = 3;

/** "ABCD EFGH …": a key typed by hand is read in groups of four. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The SVG the server rendered, as an image: an <img> runs no script, and CSP allows data: images. */
const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** Whether the server refused the code itself (then the field says why), not the request. */
const isRefusedCode = (error: unknown) =>
  isApiError(error) && (error.code === ErrorCode.INVALID_TWO_FACTOR_CODE || error.status === 429);

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div role="status" className="rounded-xl border border-green-200 bg-green-50 p-4">
      <p className="text-sm font-medium text-green-900">
        Save these {codes.length} recovery codes somewhere safe (a password manager, or on paper). Each one signs you in
        once if you lose your phone. They will not be shown again.
      </p>
      <ol
        data-testid="recovery-codes"
        aria-label="Recovery codes"
        className="mt-3 grid grid-cols-1 gap-2 rounded-lg bg-white p-3 font-mono text-sm text-slate-900 ring-1 ring-green-200 sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => void copyToClipboard(codes.join('\n'), 'Recovery codes')}>
          Copy codes
        </Button>
        <Button size="sm" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  );
}

/** The new key as a QR code and as text, and the code that proves the app has it. */
function SetupPanel({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetupResponse;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const guarded = useStepUp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const read = readSecondFactor('code', code);
    if ('error' in read) {
      setError(read.error);
      return;
    }
    setSaving(true);
    try {
      const enabled = await guarded((headers) =>
        api.call('enableTwoFactor', { body: { code: read.factor.code }, headers, retry: false }),
      );
      if (!enabled) {
        setSaving(false);
        return;
      }
      notify.success(TwoFactorMessage.ENABLED);
      onEnabled(enabled.recoveryCodes);
    } catch (failure) {
      setSaving(false);
      if (isRefusedCode(failure)) {
        setCode('');
        setError((failure as Error).message);
      } else notify.error(serverErrorOr(failure, 'Could not turn on two-factor sign-in'));
    }
  };

  return (
    <div className="space-y-4" data-testid="two-factor-setup">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-600">
        <li>Open an authenticator app on your phone (Aegis, Google Authenticator, 1Password, Authy…).</li>
        <li>Scan this QR code, or type the key below into the app.</li>
        <li>Enter the 6-digit code the app then shows.</li>
      </ol>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <img
          src={svgDataUrl(setup.qrSvg)}
          alt="QR code of your two-factor key, to scan with your authenticator app"
          width={176}
          height={176}
          className="size-44 shrink-0 rounded-lg bg-white ring-1 ring-slate-200"
        />
        <div className="min-w-0 flex-1">
          <CopyField label="Key" value={grouped(setup.secret)} testId="totp-secret" />
          <p className="mt-2 text-xs text-slate-500">Time-based, 6 digits, every 30 seconds.</p>
        </div>
      </div>
      <form onSubmit={(event) => void submit(event)} className="space-y-3" noValidate>
        <FormField
          label="Authentication code"
          htmlFor="two-factor-setup-code"
          error={error}
          hint="The code your app shows for Kith now."
        >
          <input
            id="two-factor-setup-code"
            className={inputClassName(Boolean(error))}
            aria-invalid={Boolean(error)}
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="123 456"
            maxLength={16}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={saving}>
            Turn on
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

/** Turning it off needs the password and a second factor (a recovery code when the phone is gone). */
function DisableDialog({ open, onClose, onDisabled }: { open: boolean; onClose: () => void; onDisabled: () => void }) {
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const factor = useSecondFactorInput();

  const close = () => {
    if (saving) return;
    setPassword('');
    setPasswordError(undefined);
    factor.reset();
    onClose();
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const secondFactor = factor.read();
    setPasswordError(password ? undefined : 'Password is required');
    if (!password || !secondFactor) return;
    setSaving(true);
    try {
      const { message } = await api.call('disableTwoFactor', {
        body: { password, ...secondFactor },
        retry: false,
      });
      notify.success(message);
      setSaving(false);
      setPassword('');
      factor.reset();
      onDisabled();
    } catch (failure) {
      setSaving(false);
      if (isApiError(failure) && failure.code === ErrorCode.INVALID_CREDENTIALS) setPasswordError(failure.message);
      else if (isRefusedCode(failure)) factor.refuse((failure as Error).message);
      else notify.error(serverErrorOr(failure, 'Could not turn off two-factor sign-in'));
    }
  };

  return (
    <Modal
      open={open}
      onClose={close}
      dismissible={!saving}
      title="Turn off two-factor sign-in?"
      description="Signing in will take only your password again."
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={saving}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void submit()} loading={saving}>
            Turn off
          </Button>
        </>
      }
    >
      <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        <FormField label="Your password" htmlFor="two-factor-disable-password" error={passwordError}>
          <input
            id="two-factor-disable-password"
            type="password"
            className={inputClassName(Boolean(passwordError))}
            aria-invalid={Boolean(passwordError)}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </FormField>
        {factor.field('two-factor-disable')}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </Modal>
  );
}

/** New recovery codes (the old ones stop working): confirmed here, proven by step-up (password and a code). */
function RegenerateDialog({
  open,
  onClose,
  onCodes,
}: {
  open: boolean;
  onClose: () => void;
  onCodes: (codes: string[]) => void;
}) {
  const guarded = useStepUp();
  const [saving, setSaving] = useState(false);
  const create = async () => {
    // The confirmation closes first: the step-up dialog may open in its place.
    onClose();
    setSaving(true);
    try {
      const renewed = await guarded((headers) =>
        api.call('regenerateRecoveryCodes', { body: {}, headers, retry: false }),
      );
      if (renewed) {
        notify.success(renewed.message);
        onCodes(renewed.recoveryCodes);
      }
    } catch (failure) {
      notify.error(serverErrorOr(failure, 'Could not create new recovery codes'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <ConfirmDialog
      open={open}
      title="New recovery codes"
      message={`${RECOVERY_CODE_COUNT} new codes replace the ones you have: the old ones stop working.`}
      confirmLabel="Create new codes"
      loading={saving}
      onCancel={onClose}
      onConfirm={create}
    />
  );
}

/**
 * Settings → Two-factor sign-in: set up with a QR code (rendered by the server, no third party
 * sees the key) and a confirming code, the recovery codes shown once, new codes, and turning it off.
 */
export function TwoFactorSection({
  status,
  isDemo,
  onStatusChange,
}: {
  /** null when it could not be loaded. */
  status: TwoFactorStatus | null;
  isDemo: boolean;
  onStatusChange: (status: TwoFactorStatus) => void;
}) {
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  const [starting, setStarting] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<'disable' | 'regenerate' | null>(null);
  const guarded = useStepUp();

  const reloadStatus = async () => {
    try {
      onStatusChange((await api.call('getMe')).twoFactor);
    } catch {
      // The section keeps what it showed; the next visit loads it again.
    }
  };

  const startSetup = async () => {
    setStarting(true);
    try {
      // Putting a key on the account outlasts the session: the password is asked again first.
      const started = await guarded((headers) => api.call('setupTwoFactor', { body: {}, headers, retry: false }));
      if (started) setSetup(started);
    } catch (failure) {
      notify.error(serverErrorOr(failure, 'Could not start setting up two-factor sign-in'));
      if (isApiError(failure) && failure.status === 409) await reloadStatus();
    } finally {
      setStarting(false);
    }
  };

  let body;
  if (recoveryCodes) {
    body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  } else if (setup) {
    body = (
      <SetupPanel
        setup={setup}
        onCancel={() => setSetup(null)}
        onEnabled={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
          void reloadStatus();
        }}
      />
    );
  } else if (!status) {
    body = <p className="text-sm text-red-700">Could not load whether two-factor sign-in is on.</p>;
  } else if (status.enabled) {
    const few = status.recoveryCodesRemaining <= FEW_RECOVERY_CODES;
    body = (
      <div className="space-y-3">
        <p className="text-sm text-slate-600">
          <strong className="font-semibold text-green-700">On</strong>
          {status.enabledAt ? ` since ${dateFormat.format(new Date(status.enabledAt))}` : ''}. Signing in asks for a
          code from your authenticator app after your password.
        </p>
        <p className={few ? 'flex items-center gap-2 text-sm text-amber-800' : 'text-sm text-slate-600'}>
          {few && <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />}
          {status.recoveryCodesRemaining} of {RECOVERY_CODE_COUNT} recovery codes left.
          {few ? ' Create new ones before you run out.' : ''}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setDialog('regenerate')}>
            New recovery codes
          </Button>
          <Button variant="secondary" onClick={() => setDialog('disable')}>
            Turn off
          </Button>
        </div>
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          {isDemo
            ? TwoFactorMessage.DEMO_ACCOUNT
            : 'Off. Turn it on and signing in also asks for a 6-digit code from an app on your phone, so a stolen password is not enough.'}
        </p>
        {!isDemo && (
          <Button onClick={() => void startSetup()} loading={starting} className="shrink-0">
            Set up two-factor sign-in
          </Button>
        )}
      </div>
    );
  }

  return (
    <Card className="overflow-hidden" data-testid="two-factor">
      <div className="flex items-center gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
        <span className="flex size-9 items-center justify-center rounded-lg bg-blue-50 text-blue-600">
          <ShieldCheck className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h2 className="font-semibold text-slate-900">Two-factor sign-in</h2>
          <p className="text-sm text-slate-500">A code from your phone as well as your password.</p>
        </div>
      </div>
      <div className="px-5 py-4 sm:px-6">{body}</div>
      <DisableDialog
        open={dialog === 'disable'}
        onClose={() => setDialog(null)}
        onDisabled={() => {
          setDialog(null);
          void reloadStatus();
        }}
      />
      <RegenerateDialog
        open={dialog === 'regenerate'}
        onClose={() => setDialog(null)}
        onCodes={(codes) => {
          setDialog(null);
          setRecoveryCodes(codes);
          void reloadStatus();
        }}
      />
    </Card>
  );
}
