import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import {
  API_BASE_PATH,
  API_DOCS_ASSETS,
  API_DOCS_PATH,
  buildOpenApiDocument,
  OPENAPI_DOCUMENT_PATH,
} from '@kith/contracts';
import { AppError, Public } from '@kith/nest-kit';
import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';

const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const docsUrl = `${API_BASE_PATH}${API_DOCS_PATH}`;

/** The page holds no inline script: the CSP stays `script-src 'self'`. */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Kith API</title>
    <link rel="stylesheet" href="${docsUrl}/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${docsUrl}/swagger-ui-bundle.js"></script>
    <script src="${docsUrl}/api-docs.js"></script>
  </body>
</html>
`;

/** Points Swagger UI at the document; no validator badge (it would call swagger.io). */
const INITIALIZER = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '${API_BASE_PATH}${OPENAPI_DOCUMENT_PATH}',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
  });
});
`;

/**
 * `GET /api/openapi.json`, generated once at start from the route catalogue and schemas of
 * @kith/contracts, and `GET /api/docs`, Swagger UI served from the gateway's own copy.
 */
@Public()
@Controller()
export class ApiDocsController {
  private readonly document = JSON.stringify(buildOpenApiDocument());

  @Get(OPENAPI_DOCUMENT_PATH.slice(1))
  openApiDocument(@Res() response: Response): void {
    response.setHeader('cache-control', 'no-cache');
    response.type('application/json').send(this.document);
  }

  @Get(API_DOCS_PATH.slice(1))
  page(@Res() response: Response): void {
    response.setHeader('cache-control', 'no-cache');
    response.type('text/html').send(PAGE);
  }

  @Get(`${API_DOCS_PATH.slice(1)}/:file`)
  asset(@Param('file') file: string, @Res() response: Response): void {
    if (!(API_DOCS_ASSETS as readonly string[]).includes(file)) throw AppError.notFound('Docs file');
    response.setHeader('cache-control', 'no-cache');
    if (file === 'api-docs.js') {
      response.type('text/javascript').send(INITIALIZER);
      return;
    }
    response.sendFile(file, { root: swaggerUiDir });
  }
}
