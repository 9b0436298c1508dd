/**
 * The Module Federation contract of Kith's front-end, in one place. Every app's
 * `rsbuild.config.ts` is built from the helpers below, so the four builds cannot drift apart.
 *
 * Contract
 * - Host: `shell` (shareStrategy 'loaded-first', so a remote that is down never blanks it).
 * - Remotes: `dashboard`, `contacts`, `lists`. Each builds `remoteEntry.js` + `mf-manifest.json`
 *   with `output.assetPrefix: 'auto'` and exposes `./App`: a React component with no required
 *   props that renders the remote's screen(s) and reads the router (the shell owns the
 *   <BrowserRouter>). The shell renders `dashboard/App` at /dashboard, `contacts/App` at
 *   /contacts and /lists/:listId, `lists/App` at /lists, and `contacts/ContactPage` (the same
 *   kind of component) at /contacts/:contactId.
 * - Shared singletons: react, react-dom, react-router-dom, zustand, @tanstack/react-query and
 *   @kith/web-kit with @kith/web-kit/data (so there is one router, one auth store, one API client,
 *   one toast store and one cache of server state, `queryClient`, which the shell provides to every remote). Remotes show toasts through
 *   web-kit's `notify`, never by importing react-hot-toast themselves. Router: only the exports
 *   in ROUTER_EXPORTS below (the shared router is trimmed to them).
 * - A remote's `./App` reads the shell's router (useParams().listId, useSearchParams()); it does
 *   not declare the shell's paths itself.
 * - Remote URLs are not baked into the shell: at start it fetches `/app-config.json`
 *   (`{"remotes": {"dashboard": "/mfe/dashboard/mf-manifest.json", ...}}`) and registers them
 *   with the MF runtime. The gateway serves each remote's dist at `/mfe/<name>/`.
 * - Each entry file is `src/index.ts` → `import('./bootstrap')`, so shared modules are
 *   negotiated before anything renders.
 * - Styles: Tailwind CSS 4 through @tailwindcss/postcss. The shell's CSS imports
 *   `@kith/web-kit/styles/host.css` (preflight + theme + utilities); a remote's CSS imports
 *   `@kith/web-kit/styles/remote.css` (theme + utilities only, no second preflight).
 */
import tailwindcss from '@tailwindcss/postcss';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { pluginReact } from '@rsbuild/plugin-react';
import { fileURLToPath } from 'node:url';

export const REMOTE_NAMES = /** @type {const} */ (['dashboard', 'contacts', 'lists']);

/** Dev-server ports (`rsbuild dev`; clear of the services' 3001-3003); in production the gateway serves everything on one origin. */
export const DEV_PORTS = { shell: 3100, dashboard: 3101, contacts: 3102, lists: 3103 };

export const GATEWAY_DEV_URL = process.env.KITH_GATEWAY_URL ?? 'http://localhost:8080';

/**
 * The react-router-dom exports the four apps may use. A shared module is normally not
 * tree-shaken (62 kB gzip for the router); with this list every build ships the same trimmed
 * router (~16 kB gzip), so whichever app loads it first serves them all. Using an export that is
 * not listed here breaks at runtime when another app's copy is the one loaded: add it here.
 */
export const ROUTER_EXPORTS = [
  'BrowserRouter',
  'Routes',
  'Route',
  'Outlet',
  'Navigate',
  'Link',
  'NavLink',
  'useNavigate',
  'useLocation',
  'useParams',
  'useSearchParams',
  'useMatch',
  'generatePath',
  'createSearchParams',
  'matchPath',
];

export const sharedDependencies = {
  react: { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
  'react-router-dom': {
    singleton: true,
    requiredVersion: '^7.0.0',
    treeShaking: { mode: 'runtime-infer', usedExports: ROUTER_EXPORTS },
  },
  zustand: { singleton: true, requiredVersion: '^5.0.0' },
  // One React context for the cache: a second copy would leave a remote's hooks without the shell's client.
  '@tanstack/react-query': { singleton: true, requiredVersion: '^5.0.0' },
  '@kith/web-kit': { singleton: true, requiredVersion: false },
  // Its cache of server state, apart so the sign-in pages never fetch TanStack Query (see its index).
  '@kith/web-kit/data': { singleton: true, requiredVersion: false },
};

const common = {
  // The MF plugin opts @module-federation/* into the React Refresh transform; refreshing the MF
  // runtime itself breaks `rsbuild dev` ("$ReactRefreshRuntime$.refresh is not a function").
  plugins: [pluginReact({ reactRefreshOptions: { exclude: [/[\\/]node_modules[\\/]/] } })],
  // The template only adds lang="en" to Rsbuild's default (screen readers pick the right voice).
  html: { title: 'Kith', template: fileURLToPath(new URL('./index.html', import.meta.url)) },
  // The browser entry of contracts has no zod schemas (zod alone would cost ~30 kB gzip).
  resolve: { alias: { '@kith/contracts$': '@kith/contracts/browser' } },
  // Dev only: lazy compilation loses shared modules ("reading 'call'") under MF.
  dev: { lazyCompilation: false },
  tools: {
    postcss: { postcssOptions: { plugins: [tailwindcss()] } },
    rspack: (config, { isDev }) => {
      // A name missing from that entry (a schema) fails the build instead of being undefined at runtime.
      config.module.parser = {
        ...config.module.parser,
        javascript: { ...config.module.parser?.javascript, exportsPresence: 'error' },
      };
      // Dev only: side-effect pruning drops the MF runtime's own helpers ("__exportAll is not a function").
      if (isDev) config.optimization = { ...config.optimization, sideEffects: false };
      return config;
    },
  },
  performance: { chunkSplit: { strategy: 'split-by-experience' } },
};

/**
 * Rsbuild config of one remote: `export default createRemoteConfig({ name: 'lists' })`.
 * @param {{ name: 'dashboard' | 'contacts' | 'lists', exposes?: Record<string, string> }} options
 */
export function createRemoteConfig({ name, exposes = { './App': './src/App.tsx' } }) {
  return {
    ...common,
    plugins: [
      ...common.plugins,
      pluginModuleFederation({ name, filename: 'remoteEntry.js', exposes, shared: sharedDependencies, dts: false }),
    ],
    server: { port: DEV_PORTS[name], cors: true },
    output: { assetPrefix: 'auto' },
  };
}

/** Rsbuild config of the shell (the host); remotes are registered at runtime, not here. */
export function createHostConfig() {
  const toGateway = { target: GATEWAY_DEV_URL, changeOrigin: true };
  return {
    ...common,
    plugins: [
      ...common.plugins,
      pluginModuleFederation({
        name: 'shell',
        remotes: {},
        shared: sharedDependencies,
        shareStrategy: 'loaded-first',
        dts: false,
      }),
    ],
    server: {
      port: DEV_PORTS.shell,
      historyApiFallback: true,
      proxy: { '/api': toGateway, '/mfe': toGateway, '/app-config.json': toGateway },
    },
  };
}
