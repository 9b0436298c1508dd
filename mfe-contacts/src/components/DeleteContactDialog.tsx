import { fullName, type Contact } from '@kith/contracts';
import { ConfirmDialog, inputClassName } from '@kith/web-kit';
import { useEffect, useId, useState } from 'react';
import { canConfirmDelete } from '../logic/contact-view.js';

/** Deleting needs the user to type exactly DELETE or the contact's full name. */
export function DeleteContactDialog({
  contact,
  onCancel,
  onConfirm,
}: {
  contact: Contact | null;
  onCancel: () => void;
  onConfirm: (contact: Contact) => void;
}) {
  const inputId = useId();
  const [typed, setTyped] = useState('');
  useEffect(() => setTyped(''), [contact]);

  const name = contact ? fullName(contact) : '';
  return (
    <ConfirmDialog
      open={contact !== null}
      title="Delete Contact"
      message={
        <>
          This permanently deletes <strong className="font-semibold text-slate-900">{name}</strong> and their
          interaction history.
        </>
      }
      confirmLabel="Delete Contact"
      danger
      confirmDisabled={!contact || !canConfirmDelete(typed, contact)}
      onCancel={onCancel}
      onConfirm={() => contact && canConfirmDelete(typed, contact) && onConfirm(contact)}
    >
      <label htmlFor={inputId} className="mt-4 mb-1.5 block text-sm text-slate-700">
        Type <span className="font-mono font-semibold">DELETE</span> or <span className="font-semibold">{name}</span> to
        confirm
      </label>
      <input
        id={inputId}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        autoComplete="off"
        className={inputClassName()}
      />
    </ConfirmDialog>
  );
}
