import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppError } from '@kith/nest-kit';
import type { Request, RequestHandler, Response } from 'express';
import { AddressBookService } from './address-book.service.js';
import { DavCredentials } from './dav-credentials.js';
import { DavError } from './dav-error.js';
import type { DavExchange } from './dav-exchange.js';
import { MAX_CARD_BYTES } from './dav-props.js';
import { resolveResource } from './dav-resource.js';
import { errorBody, XmlBodyError } from './dav-xml.js';
import { remove } from './methods/delete.js';
import { get } from './methods/get.js';
import { propfind } from './methods/propfind.js';
import { put } from './methods/put.js';
import { report } from './methods/report.js';

const ALLOW = 'OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, REPORT';
/** A multiget of a thousand hrefs is ~100 kB; a card with a photo up to MAX_CARD_BYTES. */
const MAX_BODY_BYTES = MAX_CARD_BYTES + 64 * 1024;

const METHODS: Record<string, (x: DavExchange) => Promise<void>> = {
  GET: get,
  HEAD: get,
  PROPFIND: propfind,
  REPORT: report,
  PUT: put,
  DELETE: remove,
};

class BodyTooLargeError extends Error {}

/**
 * The CardDAV endpoint under /dav/, mounted on the service's Express app beside Nest's /api
 * routes: WebDAV speaks XML and status codes, not the JSON envelope. Each method lives in its
 * own file (methods/); this file only authenticates, reads the body and maps errors.
 */
@Injectable()
export class DavRouter {
  private readonly logger = new Logger('carddav');

  constructor(
    @Inject(DavCredentials) private readonly credentials: DavCredentials,
    @Inject(AddressBookService) private readonly book: AddressBookService,
  ) {}

  readonly handler: RequestHandler = (req, res) => {
    void this.handle(req, res);
  };

  private async handle(req: Request, res: Response): Promise<void> {
    res.setHeader('dav', '1, 3, addressbook');
    try {
      if (req.method === 'OPTIONS') {
        res.setHeader('allow', ALLOW);
        res.status(200).end();
        return;
      }
      const userId = await this.credentials.userOf(req.headers.authorization);
      if (!userId) {
        res.setHeader('www-authenticate', 'Basic realm="Kith phone sync", charset="UTF-8"');
        res
          .status(401)
          .type('text/plain')
          .send('Sign in with your e-mail address and an app password from Settings → Phone sync\n');
        return;
      }
      const method = METHODS[req.method];
      if (req.method === 'PROPPATCH') throw new DavError(403, 'Properties of the Kith address book cannot be changed');
      if (!method) throw new DavError(405, `${req.method} is not supported here`, undefined, { allow: ALLOW });
      const depthHeader = String(req.headers.depth ?? (req.method === 'PROPFIND' ? '1' : '0')).toLowerCase();
      await method({
        userId,
        resource: resolveResource(req.path === '/' ? req.baseUrl + '/' : req.baseUrl + req.path, userId),
        body: await readBody(req),
        depth: depthHeader === '0' ? 0 : 1,
        req,
        res,
        book: this.book,
      });
    } catch (error) {
      this.fail(res, error);
    }
  }

  private fail(res: Response, error: unknown): void {
    const davError =
      error instanceof DavError
        ? error
        : error instanceof XmlBodyError
          ? DavError.badRequest(error.message)
          : error instanceof BodyTooLargeError
            ? new DavError(413, `Request body is larger than ${MAX_BODY_BYTES} bytes`)
            : error instanceof AppError
              ? new DavError(error.status, error.message)
              : null;
    if (!davError) this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const failure = davError ?? new DavError(500, 'An unexpected error occurred');
    for (const [name, value] of Object.entries(failure.headers)) res.setHeader(name, value);
    if (failure.precondition)
      res
        .status(failure.status)
        .type('application/xml; charset=utf-8')
        .send(errorBody(failure.precondition, failure.message));
    else res.status(failure.status).type('text/plain; charset=utf-8').send(`${failure.message}\n`);
  }
}

async function readBody(req: Request): Promise<string> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) throw new BodyTooLargeError();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLargeError();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
