import type { Request, Response } from 'express';
import type { AddressBookService } from './address-book.service.js';
import type { DavResource } from './dav-resource.js';
import { child, elements, is, NS, type PropName, propNames, type XmlElement } from './dav-xml.js';
import type { PropRequest } from './dav-props.js';

/** One authenticated WebDAV request, as every method handler receives it. */
export interface DavExchange {
  userId: string;
  resource: DavResource;
  /** The request body as text ('' when none). */
  body: string;
  /** Depth header: 0 or 1 (infinity is treated as 1: an address book has no deeper members). */
  depth: 0 | 1;
  req: Request;
  res: Response;
  book: AddressBookService;
}

/** `<d:prop>` / `<d:allprop>` / `<d:propname>` of a PROPFIND or REPORT element. */
export function propRequestOf(parent: XmlElement | null | undefined): PropRequest {
  if (!parent) return { all: true };
  const prop = child(parent, NS.DAV, 'prop');
  if (prop) return { all: false, props: propNames(prop) };
  return { all: true };
}

/** Card hrefs (`<d:href>` children) of a multiget. */
export function hrefsOf(parent: XmlElement): string[] {
  return elements(parent)
    .filter((element) => is(element, NS.DAV, 'href'))
    .map((element) => (element.textContent ?? '').trim());
}

export type { PropName };

/** Sends a complete multistatus document built from response fragments, a chunk at a time. */
export class MultistatusWriter {
  private started = false;

  constructor(private readonly res: Response) {}

  write(fragment: string): void {
    if (!this.started) {
      this.res.status(207).type('application/xml; charset=utf-8');
      this.res.write(
        `<?xml version="1.0" encoding="utf-8"?>\n<d:multistatus xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav" xmlns:cs="http://calendarserver.org/ns/">`,
      );
      this.started = true;
    }
    if (fragment) this.res.write(fragment);
  }

  end(trailer = ''): void {
    this.write(trailer);
    this.res.end('</d:multistatus>');
  }
}
