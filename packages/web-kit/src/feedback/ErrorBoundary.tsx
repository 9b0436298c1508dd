import { ERROR_BOUNDARY_MAX_RETRIES } from '@kith/contracts';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../ui/Button.js';

export interface FallbackProps {
  error: Error;
  /** Re-render the children (counts towards the 3 retries). */
  retry: () => void;
  retryCount: number;
  canRetry: boolean;
}

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** A custom fallback; the default is the generic 'Something went wrong' card with retries. */
  fallback?: (props: FallbackProps) => ReactNode;
  enableRetry?: boolean;
  /** Any change (e.g. the route) clears the error and the retry count. */
  resetKeys?: readonly unknown[];
  onError?: (error: Error, info: ErrorInfo) => void;
}

interface ErrorBoundaryState {
  error: Error | null;
  retryCount: number;
  retrying: boolean;
}

const RETRY_PAUSE_MS = 600;
const refreshPage = () => window.location.reload();

/** Spec §4 error boundary: at most 3 retries, each showing 'Retrying...', then only Refresh Page. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, retryCount: 0, retrying: false };
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  static getDerivedStateFromError(error: Error): Partial<ErrorBoundaryState> {
    return { error, retrying: false };
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
    clearTimeout(this.retryTimer);
  }

  private readonly retry = () => {
    if (this.state.retrying || this.state.retryCount >= ERROR_BOUNDARY_MAX_RETRIES) return;
    this.setState({ retrying: true });
    // A short visible pause, so 'Retrying...' is seen and a retry loop cannot spin.
    this.retryTimer = setTimeout(() => {
      this.setState((state) => ({ error: null, retrying: false, retryCount: state.retryCount + 1 }));
    }, RETRY_PAUSE_MS);
  };

  override render(): ReactNode {
    const { error, retryCount, retrying } = this.state;
    if (!error) return this.props.children;
    const canRetry = (this.props.enableRetry ?? true) && retryCount < ERROR_BOUNDARY_MAX_RETRIES;
    if (this.props.fallback) return this.props.fallback({ error, retry: this.retry, retryCount, canRetry });
    return (
      <DefaultFallback
        retry={this.retry}
        retrying={retrying}
        retryCount={retryCount}
        canRetry={canRetry}
        retryEnabled={this.props.enableRetry ?? true}
      />
    );
  }
}

function DefaultFallback({
  retry,
  retrying,
  retryCount,
  canRetry,
  retryEnabled,
}: {
  retry: () => void;
  retrying: boolean;
  retryCount: number;
  canRetry: boolean;
  retryEnabled: boolean;
}) {
  const exhausted = retryEnabled && retryCount >= ERROR_BOUNDARY_MAX_RETRIES;
  return (
    <div
      role="alert"
      className="mx-auto my-10 max-w-md rounded-2xl border border-red-100 bg-white p-8 text-center shadow-sm"
    >
      <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
        <AlertTriangle className="size-6" aria-hidden="true" />
      </div>
      <h2 className="text-lg font-semibold text-slate-900">Something went wrong</h2>
      <p className="mt-1 text-sm text-slate-500">We encountered an unexpected error.</p>
      {retryCount > 0 && !exhausted && (
        <p className="mt-3 text-sm font-medium text-amber-700">
          Retry attempt {retryCount} of {ERROR_BOUNDARY_MAX_RETRIES} failed.
        </p>
      )}
      {exhausted && <p className="mt-3 text-sm font-medium text-red-700">Maximum retry attempts reached</p>}
      <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
        {canRetry && (
          <Button onClick={retry} loading={retrying}>
            {retrying ? 'Retrying...' : 'Try Again'}
          </Button>
        )}
        <Button variant={canRetry ? 'secondary' : 'primary'} onClick={refreshPage}>
          <RefreshCw className="size-4" aria-hidden="true" />
          Refresh Page
        </Button>
      </div>
    </div>
  );
}

export interface LoadingErrorFallbackProps {
  /** 'Contacts Loading Error', 'Lists Loading Error', 'Dashboard Loading Error', 'Form Error'. */
  title: string;
  message?: ReactNode;
  /** e.g. 'Reload Contacts'; the default action reloads the page. */
  actionLabel?: string;
  onAction?: () => void;
}

/** The named fallbacks a screen shows in its own area when it cannot load. */
export function LoadingErrorFallback({
  title,
  message = 'We encountered an unexpected error.',
  actionLabel = 'Reload',
  onAction = refreshPage,
}: LoadingErrorFallbackProps) {
  return (
    <div
      role="alert"
      className="mx-auto my-8 max-w-lg rounded-2xl border border-red-100 bg-white p-8 text-center shadow-sm"
    >
      <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
        <AlertTriangle className="size-6" aria-hidden="true" />
      </div>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 text-sm text-slate-500">{message}</p>
      <Button className="mt-6" onClick={onAction}>
        <RefreshCw className="size-4" aria-hidden="true" />
        {actionLabel}
      </Button>
    </div>
  );
}
