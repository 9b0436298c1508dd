import { ERROR_BOUNDARY_MAX_RETRIES } from '@kith/contracts';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../ui/Button.js';

export interface FallbackProps {
  error: Error;
  /** Reloads (onRetry) and re-renders the children; counts towards the 3 retries. */
  retry: () => void;
  retryCount: number;
  /** A retry is running: the fallback shows 'Retrying...'. */
  retrying: boolean;
  canRetry: boolean;
  /** All retries used: only Refresh Page remains. */
  exhausted: boolean;
}

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** A custom fallback; the default is the generic 'Something went wrong' card with retries. */
  fallback?: (props: FallbackProps) => ReactNode;
  enableRetry?: boolean;
  /** Runs before each retry re-renders the children, e.g. to load the screen's data again. */
  onRetry?: () => unknown;
  /** Any change (e.g. the route) clears the error and the retry count. */
  resetKeys?: readonly unknown[];
  onError?: (error: Error, info: ErrorInfo) => void;
}

interface ErrorBoundaryState {
  error: Error | null;
  retryCount: number;
  retrying: boolean;
}

/** Thrown by a screen whose data could not load, so its boundary shows the named fallback and retry flow. */
export class ScreenLoadError extends Error {
  override readonly name = 'ScreenLoadError';
}

const RETRY_PAUSE_MS = 600;
const refreshPage = () => window.location.reload();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An error boundary: at most 3 retries, each showing 'Retrying...', then only Refresh Page. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, retryCount: 0, retrying: false };
  private mounted = false;

  static getDerivedStateFromError(error: Error): Partial<ErrorBoundaryState> {
    return { error, retrying: false };
  }

  override componentDidMount(): void {
    this.mounted = true;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    const keys = this.props.resetKeys ?? [];
    const previousKeys = previous.resetKeys ?? [];
    if (
      this.state.error &&
      (keys.length !== previousKeys.length || keys.some((key, index) => !Object.is(key, previousKeys[index])))
    ) {
      this.setState({ error: null, retryCount: 0, retrying: false });
    }
  }

  override componentWillUnmount(): void {
    this.mounted = false;
  }

  private readonly retry = () => {
    if (this.state.retrying || this.state.retryCount >= ERROR_BOUNDARY_MAX_RETRIES) return;
    this.setState({ retrying: true });
    // The reload and a short visible pause run together, so 'Retrying...' is seen and a retry
    // loop cannot spin; a failed reload shows up when the children render (and throw) again.
    void Promise.all([Promise.resolve(this.props.onRetry?.()).catch(() => undefined), pause(RETRY_PAUSE_MS)]).then(
      () => {
        if (this.mounted)
          this.setState((state) => ({ error: null, retrying: false, retryCount: state.retryCount + 1 }));
      },
    );
  };

  override render(): ReactNode {
    const { error, retryCount, retrying } = this.state;
    if (!error) return this.props.children;
    const retryEnabled = this.props.enableRetry ?? true;
    const exhausted = retryEnabled && retryCount >= ERROR_BOUNDARY_MAX_RETRIES;
    const props: FallbackProps = {
      error,
      retry: this.retry,
      retryCount,
      retrying,
      canRetry: retryEnabled && !exhausted,
      exhausted,
    };
    return this.props.fallback ? this.props.fallback(props) : <RetryFallback {...props} />;
  }
}

export interface RetryFallbackProps extends Partial<FallbackProps> {
  /** 'Something went wrong' by default; a screen's name otherwise ('Contacts Loading Error'). */
  title?: string;
  message?: ReactNode;
  /** The retry button's label ('Reload Contacts'); 'Try Again' by default. */
  actionLabel?: string;
}

/** The fallback card: title, message, the retry counter and the actions the spec allows. */
export function RetryFallback({
  title = 'Something went wrong',
  message = 'We encountered an unexpected error.',
  actionLabel = 'Try Again',
  retry,
  retryCount = 0,
  retrying = false,
  canRetry = Boolean(retry),
  exhausted = false,
}: RetryFallbackProps) {
  return (
    <div
      role="alert"
      className="mx-auto my-8 max-w-lg rounded-2xl border border-red-100 bg-white p-8 text-center shadow-sm"
    >
      <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
        <AlertTriangle className="size-6" aria-hidden="true" />
      </div>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 text-sm text-slate-600">{message}</p>
      {retryCount > 0 && !exhausted && !retrying && (
        <p className="mt-3 text-sm font-medium text-amber-800">
          Retry attempt {retryCount} of {ERROR_BOUNDARY_MAX_RETRIES} failed.
        </p>
      )}
      {exhausted && <p className="mt-3 text-sm font-medium text-red-700">Maximum retry attempts reached</p>}
      <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
        {canRetry && retry && (
          <Button onClick={retry} loading={retrying}>
            {!retrying && <RefreshCw className="size-4" aria-hidden="true" />}
            {retrying ? 'Retrying...' : actionLabel}
          </Button>
        )}
        <Button variant={canRetry && retry ? 'secondary' : 'primary'} onClick={refreshPage}>
          Refresh Page
        </Button>
      </div>
    </div>
  );
}

export interface LoadingErrorFallbackProps extends Partial<FallbackProps> {
  /** 'Contacts Loading Error', 'Lists Loading Error', 'Dashboard Loading Error', 'Form Error'. */
  title: string;
  message?: ReactNode;
  /** e.g. 'Reload Contacts'. */
  actionLabel?: string;
}

/** A screen's named fallback with the boundary's retry flow. */
export function LoadingErrorFallback({
  title,
  message,
  actionLabel = 'Reload',
  ...retryState
}: LoadingErrorFallbackProps) {
  const shownMessage = message ?? (retryState.error instanceof ScreenLoadError ? retryState.error.message : undefined);
  return <RetryFallback title={title} message={shownMessage} actionLabel={actionLabel} {...retryState} />;
}

/** 'Form Error' around a form: a crash inside a dialog or page form stays inside it. */
export function FormErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={(props) => <LoadingErrorFallback title="Form Error" actionLabel="Try Again" {...props} />}>
      {children}
    </ErrorBoundary>
  );
}
