import type { ContactListSummary } from '@kith/contracts';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorBanner,
  LoadingState,
  PageHeader,
  ScreenLoadError,
  SortControl,
  ViewToggle,
  usePreferences,
  LinkedForm,
  useOpenFormFromLink,
} from '@kith/web-kit';
import { FolderPlus, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { LIST_SORT_OPTIONS, listSortKey, sortLists } from '../logic/list-view.js';
import { useLists } from '../data/lists-data.js';
import { ListFormModal } from './ListFormModal.js';
import { VirtualListCards } from './VirtualListCards.js';

type Editing = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; list: ContactListSummary };

/** The Lists screen (/lists): every list with counts, sorting, and create / edit / delete. */
export function ListsScreen() {
  const { lists, loadError, error, create, update, remove, dismissError } = useLists();
  const { preferences, setPreference } = usePreferences('lists');
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<ContactListSummary | null>(null);
  const [deletePending, setDeletePending] = useState(false);

  const sortBy = listSortKey(preferences.sortBy);
  const sorted = useMemo(
    () => sortLists(lists ?? [], sortBy, preferences.sortOrder),
    [lists, sortBy, preferences.sortOrder],
  );

  useOpenFormFromLink(LinkedForm.CREATE_LIST, () => setEditing({ mode: 'create' }));

  // The boundary in App shows 'Lists Loading Error' with the retry flow.
  if (loadError) throw new ScreenLoadError(loadError);

  const openCreate = () => {
    dismissError();
    setEditing({ mode: 'create' });
  };
  const closeForm = () => {
    dismissError();
    setEditing({ mode: 'closed' });
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    setDeletePending(true);
    await remove(deleting._id);
    setDeletePending(false);
    setDeleting(null);
  };

  return (
    <section>
      <PageHeader
        title="Contact Lists"
        subtitle="Organize your contacts into groups with custom reminder intervals"
        actions={
          <Button onClick={openCreate} data-tour="create-list">
            <Plus className="size-4" aria-hidden="true" />
            Create New List
          </Button>
        }
      />

      {error && editing.mode === 'closed' && <ErrorBanner message={error} onDismiss={dismissError} />}

      {!lists ? (
        <LoadingState label="Loading lists..." />
      ) : lists.length === 0 ? (
        <EmptyState
          icon={<FolderPlus className="size-6" aria-hidden="true" />}
          title="No lists yet"
          description="Create your first list to organize your contacts with custom reminder intervals"
          action={
            <Button onClick={openCreate}>
              <Plus className="size-4" aria-hidden="true" />
              Create Your First List
            </Button>
          }
        />
      ) : (
        <>
          <div className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-3 py-2 shadow-sm">
            <ViewToggle value={preferences.view} onChange={(view) => setPreference('view', view)} />
            <SortControl
              options={LIST_SORT_OPTIONS}
              sortBy={sortBy}
              sortOrder={preferences.sortOrder}
              onSortByChange={(value) => setPreference('sortBy', value)}
              onSortOrderChange={(order) => setPreference('sortOrder', order)}
            />
          </div>
          <VirtualListCards
            lists={sorted}
            view={preferences.view}
            onEdit={(target) => setEditing({ mode: 'edit', list: target })}
            onDelete={setDeleting}
          />
        </>
      )}

      <ListFormModal
        open={editing.mode !== 'closed'}
        list={editing.mode === 'edit' ? editing.list : null}
        error={editing.mode === 'closed' ? null : error}
        onDismissError={dismissError}
        onClose={closeForm}
        onSubmit={(input) => (editing.mode === 'edit' ? update(editing.list._id, input) : create(input))}
      />

      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete "${deleting.name}"?` : 'Delete list'}
        message="Are you sure you want to delete this list? This action cannot be undone."
        confirmLabel="Delete List"
        danger
        loading={deletePending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p className="mt-2 text-xs text-slate-500">Its contacts are kept; they simply no longer belong to a list.</p>
      </ConfirmDialog>
    </section>
  );
}
