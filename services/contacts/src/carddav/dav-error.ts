import { NS, type PropName } from './dav-xml.js';

/** A WebDAV failure: its status, the precondition it names (RFC 4918 §16) and a sentence for people. */
export class DavError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly precondition?: PropName,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  static notFound(): DavError {
    return new DavError(404, 'Not found');
  }

  static preconditionFailed(message: string): DavError {
    return new DavError(412, message);
  }

  static invalidCard(message: string): DavError {
    return new DavError(403, message, { ns: NS.CARDDAV, name: 'valid-address-data' });
  }

  static badRequest(message: string): DavError {
    return new DavError(400, message);
  }
}
