import { type Contact, type ContactList, fullName } from '@kith/contracts';
import { api } from '@kith/web-kit';
import { useEffect, useState } from 'react';

// Breadcrumbs and the page title both name the list or contact: one request per id serves both.
const namesByPath = new Map<string, Promise<string>>();

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

const idPath = (prefix: string, id: string | null) => (id ? `${prefix}/${encodeURIComponent(id)}` : null);
const listNameOf = (list: ContactList) => list.name;
const contactNameOf = (contact: Contact) => fullName(contact);

/** The name of the list a /lists/{id} page shows, once known. */
export function useListName(listId: string | null): string | undefined {
  return useNameAt(idPath('/lists', listId), listNameOf);
}

/** The name of the person a /contacts/{id} page shows, once known. */
export function useContactName(contactId: string | null): string | undefined {
  return useNameAt(idPath('/contacts', contactId), contactNameOf);
}
