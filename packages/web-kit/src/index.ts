/**
 * @kith/web-kit: the front-end core, loaded once (a Module Federation singleton) and shared by
 * the shell and every remote. Everything a remote needs twice lives here; nothing else does.
 */
export { api, apiPath, apiUrl, configureApi, refreshSession, API_BASE_PATH } from './api/client.js';
export type {
  CallRequest,
  HttpMethod,
  Query,
  QueryValue,
  RequestOptions,
  RetryListener,
  UploadOptions,
} from './api/client.js';
export { ApiError, isApiError } from './api/api-error.js';
export { session, StorageKey } from './api/session.js';

export { useAuthStore } from './auth/useAuthStore.js';
export type { AuthState, LoginCredentials, LoginOutcome, RegistrationDetails } from './auth/useAuthStore.js';

export {
  usePreferences,
  loadPreferences,
  defaultPreferences,
  preferencesKey,
  DEFAULT_PREFERENCES,
} from './preferences/usePreferences.js';
export type { Preferences, PreferenceScreen, PreferencesApi, ViewMode } from './preferences/usePreferences.js';

export { notify } from './feedback/notify.js';
export type { NoticeOptions, NotifyOptions } from './feedback/notify.js';
export { Toaster } from './feedback/Toaster.js';
export { announceRetry } from './feedback/retry-notice.js';
export { getErrorMessage, serverErrorOr } from './feedback/error-message.js';
export {
  ErrorBoundary,
  FormErrorBoundary,
  LoadingErrorFallback,
  RetryFallback,
  ScreenLoadError,
} from './feedback/ErrorBoundary.js';
export type {
  ErrorBoundaryProps,
  FallbackProps,
  LoadingErrorFallbackProps,
  RetryFallbackProps,
} from './feedback/ErrorBoundary.js';

export { useDebouncedValue } from './hooks/useDebouncedValue.js';
export { LinkedForm, linkOpening, useOpenFormFromLink } from './hooks/useOpenFormFromLink.js';
export { useGridColumns } from './hooks/useGridColumns.js';

export { Badge } from './ui/Badge.js';
export { Button, buttonClassName } from './ui/Button.js';
export type { ButtonProps, ButtonSize, ButtonVariant } from './ui/Button.js';
export { ColorDot } from './ui/ColorDot.js';
export { EmptyState } from './ui/EmptyState.js';
export type { EmptyStateProps } from './ui/EmptyState.js';
export { Card, ErrorBanner, FormField, PageHeader, inputClassName } from './ui/layout.js';
export { CheckboxField } from './ui/CheckboxField.js';
export { ConfirmDialog, Modal, Modal as Dialog } from './ui/Modal.js';
export type { ConfirmDialogProps, ModalProps } from './ui/Modal.js';
export { LoadingState, Spinner } from './ui/Spinner.js';
export { useFocusTrap } from './ui/useFocusTrap.js';
export { SortControl } from './ui/SortControl.js';
export type { SortControlProps, SortOption } from './ui/SortControl.js';
export { ViewToggle } from './ui/ViewToggle.js';
export { GroupByListToggle } from './ui/GroupByListToggle.js';
export {
  BADGE_CLASSES,
  DOT_CLASSES,
  SEVERITY_BORDER_CLASSES,
  SEVERITY_TEXT_CLASSES,
  readableTextOn,
} from './ui/colors.js';

// What the contact dialogs are made of (the dialogs, which save through the cache, are in ./data).
export * from './contact-actions/index.js';

export { announcePageName, contactApiPath, listApiPath, onPageNameChange } from './names/page-names.js';
