import type { Contact } from '@kith/contracts';
import {
  Button,
  buttonClassName,
  ColorDot,
  ContactDialog,
  EmptyState,
  ErrorBanner,
  GroupByListToggle,
  inputClassName,
  LoadingErrorFallback,
  LoadingState,
  LogContactDialog,
  PageHeader,
  SortControl,
  useDebouncedValue,
  usePreferences,
  ViewToggle,
} from '@kith/web-kit';
import clsx from 'clsx';
import { CheckCircle2, FolderX, Search, Upload, UserPlus, Users, X } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useEffect, useMemo, useState } from 'react';
import { useContactsScope } from '../hooks/useContactsScope.js';
import {
  CONTACT_SORT_OPTIONS,
  contactsInScope,
  contactsSubtitle,
  contactsTitle,
  emptyStateFor,
  groupContactsByList,
  matchesSearch,
  sortContacts,
  type ContactSortKey,
} from '../logic/contact-view.js';
import { useContactsStore } from '../store/contacts-store.js';
import { ContactCard, ContactRow, type ContactActions } from './ContactCard.js';
import { ContactFormModal } from './ContactFormModal.js';
import { DeleteContactDialog } from './DeleteContactDialog.js';
import { ImportContactsModal } from './ImportContactsModal.js';
import { UpdateStatusDialog } from './UpdateStatusDialog.js';

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

/** The contacts screen for /contacts, /contacts?filter=overdue and /lists/:listId. */
export function ContactsScreen() {
  const scope = useContactsScope();
  const { contacts, lists, status, error, load, loadLists, create, update, remove, replace } = useContactsStore(
    (state) => state,
  );
  const { preferences, setPreference } = usePreferences('contacts');
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query);
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const [deleteFailed, setDeleteFailed] = useState(false);

  useEffect(() => {
    void load({ silent: true });
  }, [load]);

  const searching = search.trim() !== '';
  const sortBy = sortKey(preferences.sortBy);
  // The scope object is rebuilt on every render; what it selects is captured by this key.
  const scopeKey = scope.kind === 'list' ? `list:${scope.listId}` : scope.kind;
  const visible = useMemo(
    () =>
      sortContacts(
        contactsInScope(contacts, scope).filter((contact) => matchesSearch(contact, search)),
        sortBy,
        preferences.sortOrder,
      ),
    [contacts, scopeKey, search, sortBy, preferences.sortOrder],
  );
  const grouped = preferences.groupByList && scope.kind !== 'list';
  const groups = useMemo(() => (grouped ? groupContactsByList(visible, lists) : []), [grouped, visible, lists]);

  if (status === 'error') {
    return (
      <LoadingErrorFallback
        title="Contacts Loading Error"
        message={error ?? undefined}
        actionLabel="Reload Contacts"
        onAction={() => void load()}
      />
    );
  }
  if (status === 'ready' && scope.kind === 'list' && !lists.some((list) => list._id === scope.listId)) {
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

  const close = () => setDialog({ kind: 'none' });
  const refresh = () => {
    void load({ silent: true });
  };
  const actions: ContactActions = {
    onLog: (contact) => setDialog({ kind: 'log', contact }),
    onContact: (contact) => setDialog({ kind: 'contact', contact }),
    onUpdateStatus: (contact) => setDialog({ kind: 'status', contact }),
    onEdit: (contact) => setDialog({ kind: 'form', contact }),
    onDelete: (contact) => setDialog({ kind: 'delete', contact }),
  };
  const empty = emptyStateFor(scope, searching);
  const addContact = () => setDialog({ kind: 'form', contact: null });

  const renderContacts = (items: Contact[]) =>
    preferences.view === 'grid' ? (
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {items.map((contact) => (
          <ContactCard key={contact._id} contact={contact} actions={actions} />
        ))}
      </div>
    ) : (
      <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm">
        {items.map((contact) => (
          <ContactRow key={contact._id} contact={contact} actions={actions} />
        ))}
      </ul>
    );

  return (
    <section>
      <PageHeader
        title={contactsTitle(scope)}
        subtitle={status === 'ready' ? contactsSubtitle(scope, visible.length, searching) : ' '}
        actions={
          <>
            <Button variant="secondary" onClick={() => setDialog({ kind: 'import' })}>
              <Upload className="size-4" aria-hidden="true" />
              Import Contacts
            </Button>
            <Button onClick={addContact} data-tour="add-contact">
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
            className={clsx(inputClassName(), 'py-2.5 pr-9 pl-9')}
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
        {status !== 'ready' ? (
          <LoadingState label="Loading contacts..." />
        ) : visible.length === 0 ? (
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
        ) : grouped ? (
          <div className="space-y-8">
            {groups.map((group) => (
              <section key={group.listId ?? 'none'} aria-label={group.name}>
                <h2 className="mb-3 flex items-center gap-2 text-sm font-semibold text-slate-700">
                  <ColorDot color={group.color} />
                  {group.name}
                  <span className="font-normal text-slate-500">({group.contacts.length})</span>
                  {group.overdueCount > 0 && (
                    <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700">
                      {group.overdueCount} overdue
                    </span>
                  )}
                </h2>
                {renderContacts(group.contacts)}
              </section>
            ))}
          </div>
        ) : (
          renderContacts(visible)
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
      <LogContactDialog contact={dialog.kind === 'log' ? dialog.contact : null} onClose={close} onLogged={refresh} />
      <ContactDialog contact={dialog.kind === 'contact' ? dialog.contact : null} onClose={close} onChanged={refresh} />
      <UpdateStatusDialog
        contact={dialog.kind === 'status' ? dialog.contact : null}
        lists={lists}
        onClose={close}
        onUpdated={(contact) => {
          replace(contact);
          refresh();
          void loadLists();
        }}
      />
      <ImportContactsModal open={dialog.kind === 'import'} onClose={close} onImported={refresh} />
    </section>
  );
}
