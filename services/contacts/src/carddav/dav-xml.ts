/**
 * WebDAV XML, once for every method: requests are parsed by a namespace-aware DOM parser
 * (@xmldom/xmldom, so `D:prop`, `d:prop` and a default namespace all mean the same), and
 * responses are written as escaped text with fixed prefixes.
 */
import { DOMParser, type Element as XmlElement } from '@xmldom/xmldom';

export const NS = {
  DAV: 'DAV:',
  CARDDAV: 'urn:ietf:params:xml:ns:carddav',
  CALENDARSERVER: 'http://calendarserver.org/ns/',
} as const;

const PREFIXES: Record<string, string> = { [NS.DAV]: 'd', [NS.CARDDAV]: 'card', [NS.CALENDARSERVER]: 'cs' };
const XMLNS = Object.entries(PREFIXES)
  .map(([ns, prefix]) => `xmlns:${prefix}="${ns}"`)
  .join(' ');

export type { XmlElement };

/** A property name: namespace + local name. */
export interface PropName {
  ns: string;
  name: string;
}

export class XmlBodyError extends Error {}

/** The document element of a request body; null for an empty body (a PROPFIND may have none). */
export function parseXmlBody(body: string): XmlElement | null {
  if (body.trim() === '') return null;
  let root: XmlElement | null = null;
  try {
    const doc = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new XmlBodyError(message);
      },
    }).parseFromString(body, 'application/xml');
    root = doc.documentElement as XmlElement | null;
  } catch (error) {
    throw new XmlBodyError(`The request body is not well-formed XML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (!root) throw new XmlBodyError('The request body has no XML element');
  return root;
}

export function elements(parent: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling)
    if (node.nodeType === 1) out.push(node as XmlElement);
  return out;
}

export function is(element: XmlElement, ns: string, name: string): boolean {
  return element.namespaceURI === ns && element.localName === name;
}

export function child(parent: XmlElement, ns: string, name: string): XmlElement | undefined {
  return elements(parent).find((element) => is(element, ns, name));
}

export function textContent(element: XmlElement | undefined): string {
  return (element?.textContent ?? '').trim();
}

export function propNames(prop: XmlElement): PropName[] {
  return elements(prop).map((element) => ({ ns: element.namespaceURI ?? '', name: element.localName ?? '' }));
}

/**
 * Text for XML. A CR is written as a character reference: an XML parser turns a raw CRLF into LF,
 * and a card's CRLF line ends must reach clients as they are (a card comes back byte for byte).
 */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r/g, '&#13;');
}

/** `<prefix:name>` with the namespace declared on the element when it is not a known one. */
function tag(prop: PropName): { open: string; close: string; empty: string } {
  const prefix = PREFIXES[prop.ns];
  if (prefix)
    return { open: `<${prefix}:${prop.name}>`, close: `</${prefix}:${prop.name}>`, empty: `<${prefix}:${prop.name}/>` };
  const declared = `x:${prop.name} xmlns:x="${escapeXml(prop.ns)}"`;
  return { open: `<${declared}>`, close: `</x:${prop.name}>`, empty: `<${declared}/>` };
}

/** A property and its value, already XML (escaped text or child elements); '' for an empty one. */
export interface PropValue {
  prop: PropName;
  xml: string;
}

export const STATUS = {
  200: 'HTTP/1.1 200 OK',
  403: 'HTTP/1.1 403 Forbidden',
  404: 'HTTP/1.1 404 Not Found',
  507: 'HTTP/1.1 507 Insufficient Storage',
} as const;

/** One `<d:response>` with a 200 propstat for what was found and a 404 one for the rest. */
export function propResponse(href: string, found: PropValue[], missing: PropName[] = []): string {
  const parts = [`<d:response><d:href>${escapeXml(href)}</d:href>`];
  if (found.length) {
    const props = found
      .map(({ prop, xml }) => (xml === '' ? tag(prop).empty : `${tag(prop).open}${xml}${tag(prop).close}`))
      .join('');
    parts.push(`<d:propstat><d:prop>${props}</d:prop><d:status>${STATUS[200]}</d:status></d:propstat>`);
  }
  if (missing.length) {
    parts.push(
      `<d:propstat><d:prop>${missing.map((prop) => tag(prop).empty).join('')}</d:prop><d:status>${STATUS[404]}</d:status></d:propstat>`,
    );
  }
  parts.push('</d:response>');
  return parts.join('');
}

export function statusResponse(href: string, status: keyof typeof STATUS): string {
  return `<d:response><d:href>${escapeXml(href)}</d:href><d:status>${STATUS[status]}</d:status></d:response>`;
}

export const MULTISTATUS_OPEN = `<?xml version="1.0" encoding="utf-8"?>\n<d:multistatus ${XMLNS}>`;
export const MULTISTATUS_CLOSE = '</d:multistatus>';

/** `<d:error>` body of a failed precondition, with a sentence for people. */
export function errorBody(condition: PropName, message: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<d:error ${XMLNS}>${tag(condition).empty}<d:responsedescription>${escapeXml(message)}</d:responsedescription></d:error>`;
}

export const el = (ns: string, name: string, inner = ''): string => {
  const t = tag({ ns, name });
  return inner === '' ? t.empty : `${t.open}${inner}${t.close}`;
};
