import type { Contact } from '@kith/contracts';
import {
  Button,
  buttonClassName,
  EmptyState,
  ErrorBanner,
  GroupByListToggle,
  inputClassName,
  LoadingState,
  PageHeader,
  ScreenLoadError,
  SortControl,
  useDebouncedValue,
  usePreferences,
  ViewToggle,
  LinkedForm,
  useOpenFormFromLink,
} from '@kith/web-kit';
import { ContactDialog, LogContactDialog } from '@kith/web-kit/data';
import clsx from 'clsx';
import { CheckCircle2, FolderX, Search, Upload, UserPlus, Users, X } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useEffect, useState } from 'react';
import { frameKey, segmentLength, viewParams } from '../data/contact-cache.js';
import { previewContacted, useContactMutations } from '../data/contact-mutations.js';
import { listsQuery, useContactsView } from '../data/contact-queries.js';
import { useContactsScope } from '../hooks/useContactsScope.js';
import {
  sortOptionsFor,
  contactsSubtitle,
  contactsTitle,
  emptyStateFor,
  type ContactSortKey,
  type ContactsScope,
} from '../logic/contact-view.js';
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

const sortKey = (stored: string, scope: ContactsScope): ContactSortKey =>
  sortOptionsFor(scope).some((o) => o.value === stored) ? (stored as ContactSortKey) : 'name';

/**
 * The contacts screen for /contacts, /contacts?filter=overdue and /lists/:listId: the server
 * searches, filters, sorts, counts and groups; the screen shows a window of the answer.
 */
export function ContactsScreen() {
  const scope = useContactsScope();
  const lists = useQuery(listsQuery);
  const { preferences, setPreference } = usePreferences('contacts');
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query).trim();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const [deleteFailed, setDeleteFailed] = useState(false);

  const sortBy = sortKey(preferences.sortBy, scope);
  const grouped = preferences.groupByList && scope.kind !== 'list';
  const view = { scope, search, sortBy, sortOrder: preferences.sortOrder, grouped };
  const { frame, contactAt, onVisibleRanges, listMissing, error } = useContactsView(view);
  const { create, update, updateStatus, remove, snooze } = useContactMutations();
  const wantedKey = JSON.stringify(frameKey(viewParams(view)));
  useEffect(() => {
    // A new question starts at the top of its answer.
    window.scrollTo({ top: 0 });
  }, [wantedKey]);

  // The count, and whether it is of a search, describe the answer on screen (not the one on its way).
  const searching = (frame?.params.search ?? '') !== '';
  const total = frame ? frame.segments.reduce((sum, segment) => sum + segmentLength(segment), 0) : 0;

  // Hooks before the early returns below (React needs the same hooks on every render).
  useOpenFormFromLink(LinkedForm.ADD_CONTACT, () => setDialog({ kind: 'form', contact: null }));
  useOpenFormFromLink(LinkedForm.IMPORT_CONTACTS, () => setDialog({ kind: 'import' }));

  const missingList =
    scope.kind === 'list' &&
    (listMissing || (lists.isSuccess && !lists.data.some((list) => list._id === scope.listId)));
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
  // The boundary in App shows 'Contacts Loading Error' with the retry flow.
  if (error) throw new ScreenLoadError(error);

  const close = () => setDialog({ kind: 'none' });
  const actions: ContactActions = {
    onLog: (contact) => setDialog({ kind: 'log', contact }),
    onContact: (contact) => setDialog({ kind: 'contact', contact }),
    onUpdateStatus: (contact) => setDialog({ kind: 'status', contact }),
    onEdit: (contact) => setDialog({ kind: 'form', contact }),
    onDelete: (contact) => setDialog({ kind: 'delete', contact }),
    onSnooze: (contact, choice) => snooze.mutate({ contact, choice }),
  };
  const empty = emptyStateFor(scope, searching);
  const addContact = () => setDialog({ kind: 'form', contact: null });
  const ready = frame !== null;

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
            options={sortOptionsFor(scope)}
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
            segments={frame.segments}
            contactAt={contactAt}
            view={preferences.view}
            grouped={frame.params.grouped}
            actions={actions}
            onVisibleRanges={onVisibleRanges}
          />
        )}
      </div>

      <ContactFormModal
        open={dialog.kind === 'form'}
        contact={dialog.kind === 'form' ? dialog.contact : null}
        lists={lists.data ?? []}
        defaultListId={scope.kind === 'list' ? scope.listId : null}
        onClose={close}
        onSubmit={(input) => {
          if (dialog.kind === 'form' && dialog.contact) update.mutate({ id: dialog.contact._id, input });
          else create.mutate(input);
        }}
      />
      <DeleteContactDialog
        contact={dialog.kind === 'delete' ? dialog.contact : null}
        onCancel={close}
        onConfirm={(contact) => {
          close();
          setDeleteFailed(false);
          remove.mutate(contact, { onError: () => setDeleteFailed(true) });
        }}
      />
      {/* Logging shows on the cards and counts before the server answers. */}
      <LogContactDialog
        contact={dialog.kind === 'log' ? dialog.contact : null}
        onClose={close}
        preview={previewContacted}
      />
      <ContactDialog
        contact={dialog.kind === 'contact' ? dialog.contact : null}
        onClose={close}
        preview={previewContacted}
      />
      <UpdateStatusDialog
        contact={dialog.kind === 'status' ? dialog.contact : null}
        lists={lists.data ?? []}
        onClose={close}
        onSubmit={(id, status) => updateStatus.mutateAsync({ id, input: status }).catch(() => null)}
      />
      <ImportContactsModal open={dialog.kind === 'import'} onClose={close} />
    </section>
  );
}
