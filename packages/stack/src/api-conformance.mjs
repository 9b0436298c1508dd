// Holds real HTTP answers to the OpenAPI document the gateway serves: the route and status must
// be documented, the medium must be one the document lists, and a JSON body must match its
// schema (ajv, JSON Schema 2020-12, strict). Building the checker compiles every schema of the
// document, so an invalid or dangling schema fails at once.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const COMPONENTS = '#/components/schemas/';
// ajv resolves $refs by URI: components get absolute ids and refs point at them.
const SCHEMA_BASE = 'https://kith.invalid/components/schemas/';

function retarget(value) {
  if (Array.isArray(value)) return value.map(retarget);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string'
        ? inner.startsWith(COMPONENTS)
          ? SCHEMA_BASE + inner.slice(COMPONENTS.length)
          : (() => {
              throw new Error(`$ref ${inner} does not point into components.schemas`);
            })()
        : retarget(inner),
    ]),
  );
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The checker for `document` (an OpenAPI 3.1 object). `lazy` compiles each schema when an answer
 * first needs it (the harness checks every answer of a suite, and a suite uses few routes).
 */
export function apiConformance(document, { lazy = false } = {}) {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  addFormats(ajv);
  // OpenAPI's annotation for file uploads; it constrains nothing.
  ajv.addFormat('binary', true);
  const names = Object.keys(document.components?.schemas ?? {});
  for (const name of names) ajv.addSchema(retarget(document.components.schemas[name]), SCHEMA_BASE + name);
  if (!lazy) for (const name of names) ajv.getSchema(SCHEMA_BASE + name);
  const compileNow = (schema, where) => {
    try {
      return ajv.compile(retarget(schema));
    } catch (error) {
      throw new Error(`${where}: ${error.message}`);
    }
  };
  const compile = (schema, where) => {
    if (!lazy) return compileNow(schema, where);
    let validate;
    const lazyValidate = (data) => {
      validate ??= compileNow(schema, where);
      const valid = validate(data);
      lazyValidate.errors = validate.errors;
      return valid;
    };
    return lazyValidate;
  };

  const operations = [];
  for (const [template, item] of Object.entries(document.paths)) {
    const base = (item.servers ?? document.servers ?? [{ url: '/' }])[0].url.replace(/\/$/, '');
    const fullPath = `${base}${template}`;
    const pattern = new RegExp(
      `^${fullPath
        .split(/(\{[^}]+\})/)
        .map((part) => (part.startsWith('{') ? '[^/]+' : escapeRegExp(part)))
        .join('')}$`,
    );
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const key = `${method.toUpperCase()} ${fullPath}`;
      if (!lazy) {
        for (const parameter of operation.parameters ?? [])
          compile(parameter.schema, `${key} parameter ${parameter.name}`);
        for (const [media, content] of Object.entries(operation.requestBody?.content ?? {}))
          compile(content.schema, `${key} request ${media}`);
      }
      const responses = {};
      for (const [status, response] of Object.entries(operation.responses)) {
        const json = response.content?.['application/json']?.schema;
        responses[status] = {
          media: Object.keys(response.content ?? {}),
          validate: json ? compile(json, `${key} ${status}`) : null,
        };
      }
      operations.push({ key, method, pattern, literal: fullPath.replace(/\{[^}]+\}/g, '').length, responses });
    }
  }
  // The most literal template wins: /contacts/overdue before /contacts/{id}.
  operations.sort((a, b) => b.literal - a.literal);
  const seen = new Map(operations.map((operation) => [operation.key, new Set()]));

  const apiBase = (document.servers?.[0]?.url ?? '').replace(/\/$/, '');
  const errorEnvelope = compile({ $ref: `${COMPONENTS}ErrorEnvelope` }, 'ErrorEnvelope');
  const parse = (body) => (typeof body === 'string' ? JSON.parse(body) : body);

  /** Problems with one answer (empty when it conforms); `body` is the text or the parsed JSON. */
  function check({ method, url, status, contentType, body }) {
    const path = new URL(url, 'http://localhost').pathname;
    // WebDAV's own methods (PROPFIND, REPORT...) and HEAD are outside what the document can list.
    if (!METHODS.includes(method.toLowerCase()) || method.toLowerCase() === 'head') return [];
    const operation = operations.find((op) => op.method === method.toLowerCase() && op.pattern.test(path));
    if (!operation) {
      // Outside the API (the web app's pages and files) is not the document's to judge.
      if (!path.startsWith(`${apiBase}/`)) return [];
      // A route that does not exist is the API's plain 404.
      let valid = false;
      try {
        valid = status === 404 && errorEnvelope(parse(body));
      } catch {
        valid = false;
      }
      return valid ? [] : [`${method.toUpperCase()} ${path} is not in the document (answered ${status})`];
    }
    seen.get(operation.key).add(status);
    const response = operation.responses[String(status)];
    const where = `${operation.key} (${method.toUpperCase()} ${path}) answered ${status}`;
    if (!response) return [`${where}, which the document does not list (${Object.keys(operation.responses)})`];
    const media = contentType?.split(';')[0].trim().toLowerCase() || null;
    const empty = body === undefined || body === null || body === '';
    if (response.media.length === 0) return empty ? [] : [`${where} with a ${media} body, where the document has none`];
    if (empty) return [`${where} without a body, where the document lists ${response.media}`];
    if (!response.media.includes(media)) return [`${where} as ${media}, where the document lists ${response.media}`];
    if (!response.validate) return [];
    let data;
    try {
      data = parse(body);
    } catch {
      return [`${where} with a body that is not JSON`];
    }
    return response.validate(data)
      ? []
      : [`${where}: ${ajv.errorsText(response.validate.errors, { dataVar: 'body', separator: '; ' })}`];
  }

  return {
    check,
    /** Throws when the answer does not conform. */
    assertConforms(answer) {
      const problems = check(answer);
      if (problems.length) throw new Error(problems.join('\n'));
    },
    /** Each operation of the document with the statuses it was seen answering. */
    coverage() {
      return operations.map(({ key, responses }) => ({
        operation: key,
        documented: Object.keys(responses).map(Number),
        seen: [...seen.get(key)].sort(),
      }));
    },
  };
}
