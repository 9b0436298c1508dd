import express, { type RequestHandler, type Router } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { GatewayConfig } from '../config/gateway.config.js';

export const REMOTE_NAMES = ['dashboard', 'contacts', 'lists'] as const;

/** Hashed build assets never change; entry files (index.html, remoteEntry.js, manifests) must be revalidated. */
function cacheHeaders(res: express.Response, path: string): void {
  const hashed = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpg)$/.test(path);
  res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * Serves the built front-ends: the shell at `/` with an SPA fallback, each remote under
 * `/mfe/<name>/`, and `/app-config.json` telling the shell where the remotes live at runtime.
 */
export function webApp(config: GatewayConfig): Router {
  const router = express.Router();
  router.get('/app-config.json', (_req, res) => {
    res.setHeader('cache-control', 'no-store');
    res.json({
      remotes: {
        dashboard: config.REMOTE_DASHBOARD_URL,
        contacts: config.REMOTE_CONTACTS_URL,
        lists: config.REMOTE_LISTS_URL,
      },
    });
  });
  if (!config.STATIC_DIR) return router;

  for (const name of REMOTE_NAMES) {
    router.use(
      `/mfe/${name}`,
      express.static(join(config.STATIC_DIR, `mfe-${name}`, 'dist'), { setHeaders: cacheHeaders, index: false }),
    );
  }
  const shellDist = join(config.STATIC_DIR, 'shell', 'dist');
  router.use(express.static(shellDist, { setHeaders: cacheHeaders, index: false }));

  const indexHtml = join(shellDist, 'index.html');
  router.use((req, res, next) => {
    const isPageRequest =
      (req.method === 'GET' || req.method === 'HEAD') && !req.path.startsWith('/api/') && !req.path.startsWith('/mfe/');
    if (!isPageRequest) return next();
    if (!existsSync(indexHtml)) {
      res.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
      return;
    }
    res.setHeader('cache-control', 'no-cache');
    res.sendFile(indexHtml);
  });
  return router;
}

/**
 * The last handler, after every route (Nest's included): what nothing served is a plain 404,
 * never Express's default HTML page, which names the framework. Nest answers /api itself.
 */
export const notFound: RequestHandler = (_req, res) => {
  res.status(404).type('text/plain').send('Not found\n');
};
