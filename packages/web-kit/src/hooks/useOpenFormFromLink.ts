import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** The forms a link elsewhere (the dashboard's first steps) can open on arrival: `?open=<form>`. */
export const LinkedForm = {
  ADD_CONTACT: 'add-contact',
  IMPORT_CONTACTS: 'import-contacts',
  CREATE_LIST: 'create-list',
} as const;
export type LinkedForm = (typeof LinkedForm)[keyof typeof LinkedForm];

/** A link to `path` that opens `form` there. */
export const linkOpening = (path: string, form: LinkedForm) => `${path}?open=${form}`;

/**
 * Opens the form a link asked for (`?open=<form>`, see linkOpening), once, then takes the word out
 * of the address so that going back or reloading does not open it again.
 */
export function useOpenFormFromLink(form: LinkedForm, open: () => void): void {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const asked = new URLSearchParams(search).get('open') === form;
  useEffect(() => {
    if (!asked) return;
    open();
    const rest = new URLSearchParams(search);
    rest.delete('open');
    const query = rest.toString();
    navigate(`${pathname}${query ? `?${query}` : ''}${hash}`, { replace: true });
    // `open` is a new function each render; the link is acted on once, when it arrives.
  }, [asked]);
}
