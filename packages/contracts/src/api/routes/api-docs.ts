/** Where the gateway serves the document and the browsable docs (below API_BASE_PATH). */
export const OPENAPI_DOCUMENT_PATH = '/openapi.json';
export const API_DOCS_PATH = '/docs';
/** The docs page's own files: Swagger UI's build, and the script that points it at the document. */
export const API_DOCS_ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js', 'api-docs.js'] as const;
