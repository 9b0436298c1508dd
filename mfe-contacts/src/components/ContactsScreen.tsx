import { snoozedUntilLabel, snoozeUntil, type Contact, type SnoozeChoice } from '@kith/contracts';
import {
  Button,
  buttonClassName,
  ContactDialog,
  EmptyState,
  ErrorBanner,
  GroupByListToggle,
  inputClassName,
  LoadingState,
  LogContactDialog,
  notify,
  PageHeader,
  ScreenLoadError,
  SortControl,
  useDebouncedValue,
  usePreferences,
  ViewToggle,
} from '@kith/web-kit';
import clsx from 'clsx';
import { CheckCircle2, FolderX, Search, Upload, UserPlus, Users, X } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useEffect, useState } from 'react';
import { contactsApi } from '../api/contacts-api.js';
import { useContactsScope } from '../hooks/useContactsScope.js';
import {
  CONTACT_SORT_OPTIONS,
  contactsSubtitle,
  contactsTitle,
  emptyStateFor,
  type ContactSortKey,
} from '../logic/contact-view.js';
import { totalInView, useContactsStore, viewKey } from '../store/contacts-store.js';
import { type ContactActions } from './ContactCard.js';
import { ExportVCardButton } from './ExportVCardButton.js';
import { ContactFormModal } from './ContactFormModal.js';
import { DeleteContactDialog } from './DeleteContactDialog.js';
import { ImportContactsModal } from './ImportContactsModal.js';
import { UpdateStatusDialog } from './UpdateStatusDialog.js';
import { VirtualContactList } from './VirtualContactList.js';

type Dialog =
  | { kind: 'none' }
  | { kind: 'form'; contact: Contact | null }
  | { kind: 'delete'; contact: Contact }
  | { kind: 'log'; contact: Contact }
  | { kind: 'contact'; contact: Contact }
  | { kind: 'status'; contact: Contact }
  | { kind: 'import' };

const sortKey = (stored: string): ContactSortKey =>
  CONTACT_SORT_OPTIONS.some((o) => o.value === stored) ? (stored as ContactSortKey) : 'name';

/**
 * The contacts screen for /contacts, /contacts?filter=overdue and /lists/:listId: the server
 * searches, filters, sorts, counts and groups; the screen shows a window of the answer.
 */
export function ContactsScreen() {
  const scope = useContactsScope();
  const {
    answered,
    segments,
    lists,
    listsLoaded,
    listMissing,
    status,
    error,
    setView,
    loadRanges,
    refresh,
    loadLists,
    create,
    update,
    remove,
    replace,
    updateStatus,
    logContact,
    logNow,
    markContacted,
  } = useContactsStore((state) => state);
  const { preferences, setPreference } = usePreferences('contacts');
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query).trim();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const [deleteFailed, setDeleteFailed] = useState(false);

  useEffect(() => {
    void loadLists();
  }, [loadLists]);

  const sortBy = sortKey(preferences.sortBy);
  const grouped = preferences.groupByList && scope.kind !== 'list';
  const wanted = { scope, search, sortBy, sortOrder: preferences.sortOrder, grouped };
  const wantedKey = viewKey(wanted);
  useEffect(() => {
    void setView(wanted);
    // A new question starts at the top of its answer.
    window.scrollTo({ top: 0 });
    // The view object is rebuilt on every render; what it asks is captured by its key.
  }, [wantedKey, setView]);

  // The count, and whether it is of a search, describe the answer on screen (not the one on its way).
  const shownSearch = answered?.search ?? '';
  const searching = shownSearch !== '';
  const total = totalInView(segments);

  const missingList =
    scope.kind === 'list' && (listMissing || (listsLoaded && !lists.some((list) => list._id === scope.listId)));
  if (missingList) {
    return (
      <EmptyState
        className="mt-8"
        icon={<FolderX className="size-6" aria-hidden="true" />}
        title="List not found"
        description="This list does not exist or has been deleted."
        action={
          <Link to="/lists" className={buttonClassName('secondary')}>
            Back to lists
          </Link>
        }
      />
    );
  }
  if (status === 'error') {
    // The boundary in App shows 'Contacts Loading Error' with the retry flow.
    throw new ScreenLoadError(error ?? 'Failed to load contacts');
  }

  const close = () => setDialog({ kind: 'none' });
  const reloadInPlace = () => {
    void refresh();
  };
  /** A contact the server changed (logged, marked contacted, rescheduled): shown at once, then the view reloads. */
  const changed = (contact: Contact) => {
    replace(contact);
    reloadInPlace();
  };
  const actions: ContactActions = {
    onLog: (contact) => setDialog({ kind: 'log', contact }),
    onContact: (contact) => setDialog({ kind: 'contact', contact }),
    onUpdateStatus: (contact) => setDialog({ kind: 'status', contact }),
    onEdit: (contact) => setDialog({ kind: 'form', contact }),
    onDelete: (contact) => setDialog({ kind: 'delete', contact }),
    onSnooze: (contact, choice) => void snoozeContact(contact, choice),
  };
  const snoozeContact = async (contact: Contact, choice: SnoozeChoice | null) => {
    try {
      const { contact: saved } = choice
        ? await contactsApi.snooze(contact._id, snoozeUntil(choice))
        : await contactsApi.unsnooze(contact._id);
      replace(saved);
      notify.success(saved.snoozedUntil ? snoozedUntilLabel(saved.snoozedUntil) : 'Snooze stopped');
    } catch {
      notify.error('Failed to snooze contact');
    }
  };
  const empty = emptyStateFor(scope, searching);
  const addContact = () => setDialog({ kind: 'form', contact: null });
  const ready = status === 'ready' && answered !== null;

  return (
    <section>
      <PageHeader
        title={contactsTitle(scope)}
        subtitle={ready ? contactsSubtitle(scope, total, searching) : ' '}
        actions={
          <>
            <ExportVCardButton listId={scope.kind === 'list' ? scope.listId : null} />
            <Button variant="secondary" onClick={() => setDialog({ kind: 'import' })}>
              <Upload className="size-4" aria-hidden="true" />
              Import Contacts
            </Button>
            <Button onClick={addContact} data-tour="add-contact" data-shortcut-target="add-contact">
              <UserPlus className="size-4" aria-hidden="true" />
              Add Contact
            </Button>
          </>
        }
      />

      {deleteFailed && (
        <ErrorBanner message="Failed to delete contact. Please try again." onDismiss={() => setDeleteFailed(false)} />
      )}

      <div className="mb-4 flex flex-col gap-3">
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search contacts by name, email, phone, or notes..."
            aria-label="Search contacts"
            data-shortcut-target="search"
            className={clsx(
              inputClassName(),
              'py-2.5 pl-9 placeholder:text-xs sm:placeholder:text-sm',
              query ? 'pr-9' : 'pr-3',
            )}
          />
          {query && (
            <button
              type="button"
              onClick={() => setQuery('')}
              aria-label="Clear search"
              className="absolute top-1/2 right-2.5 -translate-y-1/2 rounded p-0.5 text-slate-400 hover:text-slate-700"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          )}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-3 py-2 shadow-sm">
          <div className="flex flex-wrap items-center gap-4">
            <ViewToggle value={preferences.view} onChange={(view) => setPreference('view', view)} />
            {scope.kind !== 'list' && (
              <GroupByListToggle
                checked={preferences.groupByList}
                onChange={(checked) => setPreference('groupByList', checked)}
              />
            )}
          </div>
          <SortControl
            options={CONTACT_SORT_OPTIONS}
            sortBy={sortBy}
            sortOrder={preferences.sortOrder}
            onSortByChange={(value) => setPreference('sortBy', value)}
            onSortOrderChange={(order) => setPreference('sortOrder', order)}
          />
        </div>
      </div>

      <div data-tour="contacts-list">
        {!ready ? (
          <LoadingState label="Loading contacts..." />
        ) : total === 0 ? (
          <EmptyState
            tone={empty.tone}
            icon={
              empty.tone === 'success' ? (
                <CheckCircle2 className="size-6" aria-hidden="true" />
              ) : searching ? (
                <Search className="size-6" aria-hidden="true" />
              ) : (
                <Users className="size-6" aria-hidden="true" />
              )
            }
            title={empty.title}
            description={empty.message}
            action={
              empty.offerAdd ? (
                <Button onClick={addContact}>
                  <UserPlus className="size-4" aria-hidden="true" />
                  Add Contact
                </Button>
              ) : searching ? (
                <Button variant="secondary" onClick={() => setQuery('')}>
                  Clear search
                </Button>
              ) : undefined
            }
          />
        ) : (
          <VirtualContactList
            segments={segments}
            view={preferences.view}
            grouped={grouped}
            actions={actions}
            onVisibleRanges={loadRanges}
          />
        )}
      </div>

      <ContactFormModal
        open={dialog.kind === 'form'}
        contact={dialog.kind === 'form' ? dialog.contact : null}
        lists={lists}
        defaultListId={scope.kind === 'list' ? scope.listId : null}
        onClose={close}
        onSubmit={(input) => {
          if (dialog.kind === 'form' && dialog.contact) void update(dialog.contact._id, input);
          else void create(input);
        }}
      />
      <DeleteContactDialog
        contact={dialog.kind === 'delete' ? dialog.contact : null}
        onCancel={close}
        onConfirm={(contact) => {
          close();
          setDeleteFailed(false);
          void remove(contact._id).then((deleted) => setDeleteFailed(!deleted));
        }}
      />
      {/* Logging goes through the store, so the card and counts change before the server answers. */}
      <LogContactDialog
        contact={dialog.kind === 'log' ? dialog.contact : null}
        onClose={close}
        onLogged={changed}
        save={logContact}
      />
      <ContactDialog
        contact={dialog.kind === 'contact' ? dialog.contact : null}
        onClose={close}
        onChanged={changed}
        markContacted={markContacted}
        logNow={logNow}
      />
      <UpdateStatusDialog
        contact={dialog.kind === 'status' ? dialog.contact : null}
        lists={lists}
        onClose={close}
        onSubmit={updateStatus}
      />
      <ImportContactsModal
        open={dialog.kind === 'import'}
        onClose={close}
        onImported={() => {
          reloadInPlace();
          void loadLists();
        }}
      />
    </section>
  );
}
