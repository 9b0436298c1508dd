import { type Contact, type ContactList, fullName } from '@kith/contracts';
import { api, contactApiPath, listApiPath, onPageNameChange } from '@kith/web-kit';
import { useEffect, useState } from 'react';

// Breadcrumbs and the page title both name the list or contact: one request per id serves both.
const namesByPath = new Map<string, Promise<string>>();
// A remote that renames a contact or list says so (see web-kit's page-names): the next read is the new name.
onPageNameChange((path, name) => namesByPath.set(path, Promise.resolve(name)));

function nameAt<T>(path: string, nameOf: (answer: T) => string): Promise<string> {
  let name = namesByPath.get(path);
  if (!name) {
    name = api.get<T>(path, { retry: false }).then(nameOf);
    name.catch(() => namesByPath.delete(path));
    namesByPath.set(path, name);
  }
  return name;
}

/** The name of what `path` answers with, once known. */
function useNameAt<T>(path: string | null, nameOf: (answer: T) => string): string | undefined {
  const [names, setNames] = useState<Record<string, string>>({});
  useEffect(() => onPageNameChange((renamed, name) => setNames((known) => ({ ...known, [renamed]: name }))), []);
  useEffect(() => {
    if (!path || names[path]) return;
    let current = true;
    nameAt(path, nameOf)
      .then((name) => current && setNames((known) => ({ ...known, [path]: name })))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [path, names, nameOf]);
  return path ? names[path] : undefined;
}

const listNameOf = (list: ContactList) => list.name;
const contactNameOf = (contact: Contact) => fullName(contact);

/** The name of the list a /lists/{id} page shows, once known. */
export function useListName(listId: string | null): string | undefined {
  return useNameAt(listId ? listApiPath(listId) : null, listNameOf);
}

/** The name of the person a /contacts/{id} page shows, once known. */
export function useContactName(contactId: string | null): string | undefined {
  return useNameAt(contactId ? contactApiPath(contactId) : null, contactNameOf);
}
