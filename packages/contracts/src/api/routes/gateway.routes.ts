import { API_DOCS_PATH, OPENAPI_DOCUMENT_PATH } from './api-docs.js';
import { CARDDAV_WELL_KNOWN_PATH } from '../../phone-sync.js';
import { routesOf } from './route.js';

/** The gateway's own routes: health, the API document and its docs page, the web app's configuration. */
export const gatewayRoutes = routesOf('gateway', {
  getHealth: { method: 'get', path: '/health', auth: 'none' },
  getLiveness: { method: 'get', path: '/health/live', auth: 'none' },
  getOpenApiDocument: { method: 'get', path: OPENAPI_DOCUMENT_PATH, auth: 'none' },
  getApiDocs: { method: 'get', path: API_DOCS_PATH, auth: 'none' },
  getApiDocsAsset: { method: 'get', path: `${API_DOCS_PATH}/{file}`, auth: 'none' },
  getAppConfig: { method: 'get', path: '/app-config.json', root: true, auth: 'none' },
  findCardDavServer: { method: 'get', path: CARDDAV_WELL_KNOWN_PATH, root: true, auth: 'none' },
});
