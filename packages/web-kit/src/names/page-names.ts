import { apiPath } from '../api/client.js';

/**
 * The names the shell shows for the contact or list a page is about (breadcrumbs, document title).
 * The shell asks the API once per page path; a remote that renames that contact or list says so
 * here, so the shell never keeps showing the old name. web-kit is one shared instance, so the
 * remote's announcement reaches the shell's listeners.
 */
type NameListener = (apiPath: string, name: string) => void;

const listeners = new Set<NameListener>();

export const contactApiPath = (id: string) => apiPath('getContact', { id });
export const listApiPath = (id: string) => apiPath('getList', { id });

export function announcePageName(apiPath: string, name: string): void {
  for (const listener of listeners) listener(apiPath, name);
}

export function onPageNameChange(listener: NameListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
