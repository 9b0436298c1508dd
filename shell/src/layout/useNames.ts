import { fullName } from '@kith/contracts';
import { api, contactApiPath, listApiPath, onPageNameChange } from '@kith/web-kit';
import { useEffect, useState } from 'react';

// Breadcrumbs and the page title both name the list or contact: one request per id serves both.
const namesByPath = new Map<string, Promise<string>>();
// A remote that renames a contact or list says so (see web-kit's page-names): the next read is the new name.
onPageNameChange((path, name) => namesByPath.set(path, Promise.resolve(name)));

/** How to name one kind of page: the API path that names it (the key remotes announce renames by), and the read. */
interface NameSource {
  pathOf: (id: string) => string;
  load: (id: string) => Promise<string>;
}

const listNames: NameSource = {
  pathOf: listApiPath,
  load: (id) => api.call('getList', { params: { id }, retry: false }).then((list) => list.name),
};
const contactNames: NameSource = {
  pathOf: contactApiPath,
  load: (id) => api.call('getContact', { params: { id }, retry: false }).then(fullName),
};

function nameOf(id: string, source: NameSource): Promise<string> {
  const path = source.pathOf(id);
  let name = namesByPath.get(path);
  if (!name) {
    name = source.load(id);
    name.catch(() => namesByPath.delete(path));
    namesByPath.set(path, name);
  }
  return name;
}

/** The name of the page's list or contact, once known. */
function useName(id: string | null, source: NameSource): string | undefined {
  const [names, setNames] = useState<Record<string, string>>({});
  useEffect(() => onPageNameChange((renamed, name) => setNames((known) => ({ ...known, [renamed]: name }))), []);
  const path = id ? source.pathOf(id) : null;
  useEffect(() => {
    if (!id || !path || names[path]) return;
    let current = true;
    nameOf(id, source)
      .then((name) => current && setNames((known) => ({ ...known, [path]: name })))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [id, path, names, source]);
  return path ? names[path] : undefined;
}

/** The name of the list a /lists/{id} page shows, once known. */
export function useListName(listId: string | null): string | undefined {
  return useName(listId, listNames);
}

/** The name of the person a /contacts/{id} page shows, once known. */
export function useContactName(contactId: string | null): string | undefined {
  return useName(contactId, contactNames);
}
