import type { TestStack } from '@kith/stack/testing';
import type { Api } from './api.js';

/** A CardDAV conversation as a client has it: Basic credentials, raw XML and vCard bodies. */
export function davFor(stack: TestStack, username: string, password: string) {
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const request = async (
    method: string,
    path: string,
    options: { body?: string; headers?: Record<string, string> } = {},
  ) => {
    const response = await fetch(`${stack.gatewayUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: { authorization, ...options.headers },
      body: options.body,
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  return {
    request,
    propfind: (path: string, depth: '0' | '1', props: string) =>
      request('PROPFIND', path, {
        headers: { depth, 'content-type': 'application/xml; charset=utf-8' },
        body: `<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav" xmlns:cs="http://calendarserver.org/ns/"><d:prop>${props}</d:prop></d:propfind>`,
      }),
    report: (path: string, body: string) =>
      request('REPORT', path, {
        headers: { depth: '1', 'content-type': 'application/xml; charset=utf-8' },
        body: `<?xml version="1.0"?>${body}`,
      }),
    put: (path: string, vcard: string, headers: Record<string, string> = {}) =>
      request('PUT', path, { headers: { 'content-type': 'text/vcard; charset=utf-8', ...headers }, body: vcard }),
    get: (path: string, headers: Record<string, string> = {}) => request('GET', path, { headers }),
    delete: (path: string, headers: Record<string, string> = {}) => request('DELETE', path, { headers }),
  };
}

export type Dav = ReturnType<typeof davFor>;

/** Creates an app password through the API; returns it in clear. */
export async function createAppPassword(api: Api, name = 'Test phone'): Promise<{ _id: string; password: string }> {
  const answer = await api.postWithStepUp('/auth/app-passwords', { name });
  if (answer.status !== 201)
    throw new Error(`create app password failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

/** Every `<d:href>` of the multistatus responses whose status/propstat says 200. */
export function hrefsWithEtags(xml: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const [, response] of xml.matchAll(/<d:response>([\s\S]*?)<\/d:response>/g)) {
    const href = /<d:href>([^<]*)<\/d:href>/.exec(response!)?.[1];
    const etag = /<d:getetag>([^<]*)<\/d:getetag>/.exec(response!)?.[1];
    if (href && etag) found.set(href, etag.replace(/&quot;/g, '"'));
  }
  return found;
}

/** A card's logical lines (folded lines joined back), to look for whole properties. */
export const unfold = (text: string) =>
  text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);

export const vcard = (lines: string[]) => ['BEGIN:VCARD', 'VERSION:3.0', ...lines, 'END:VCARD', ''].join('\r\n');
