import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';

export type RemoteName = 'dashboard' | 'contacts' | 'lists';

/** What the gateway serves at /app-config.json: where each remote's manifest lives right now. */
export interface AppConfig {
  remotes: Record<RemoteName, string>;
}

export const APP_CONFIG_URL = '/app-config.json';

let registration: Promise<void> | null = null;

/**
 * Fetches the runtime configuration once and registers the remotes with the MF runtime, so their
 * URLs are decided by the server, not baked into the build. A failed attempt may be repeated.
 */
export function registerRemotesFromConfig(): Promise<void> {
  registration ??= fetch(APP_CONFIG_URL, { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`Could not load ${APP_CONFIG_URL} (status ${response.status})`);
      const config = (await response.json()) as AppConfig;
      registerRemotes(Object.entries(config.remotes).map(([name, entry]) => ({ name, entry })));
    })
    .catch((error: unknown) => {
      registration = null;
      throw error;
    });
  return registration;
}

/** A page module a remote exposes besides its `./App`. */
export type RemoteModule = 'App' | 'ContactPage';

/** The remote's `./App` (or another exposed page) component (the federation contract in @kith/web-kit/federation.mjs). */
export async function loadRemoteApp(
  name: RemoteName,
  module: RemoteModule = 'App',
): Promise<{ default: ComponentType }> {
  await registerRemotesFromConfig();
  const exposed = await loadRemote<{ default?: ComponentType }>(`${name}/${module}`);
  if (!exposed?.default) throw new Error(`Remote "${name}" could not be loaded`);
  return { default: exposed.default };
}
