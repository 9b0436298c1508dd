/**
 * addressbook-query filters (RFC 6352 §10.5): prop-filters with text-match (equals, contains,
 * starts-with, ends-with; i;unicode-casemap, i.e. case-insensitive) or is-not-defined,
 * combined with anyof (the default) or allof. Parameter filters are not supported and match.
 */
import { parsePropertyLine, unescapeText, unfold } from '../vcard/index.js';
import { child, elements, is, NS, type XmlElement } from './dav-xml.js';

interface TextMatch {
  text: string;
  matchType: 'equals' | 'contains' | 'starts-with' | 'ends-with';
  negate: boolean;
}

interface PropFilter {
  name: string;
  isNotDefined: boolean;
  allOf: boolean;
  matches: TextMatch[];
}

export interface CardFilter {
  allOf: boolean;
  props: PropFilter[];
}

const allOf = (element: XmlElement) => element.getAttribute('test') === 'allof';

export function parseCardFilter(filter: XmlElement | undefined): CardFilter {
  if (!filter) return { allOf: false, props: [] };
  const props = elements(filter)
    .filter((element) => is(element, NS.CARDDAV, 'prop-filter'))
    .map((element): PropFilter => ({
      name: (element.getAttribute('name') ?? '').toUpperCase(),
      isNotDefined: child(element, NS.CARDDAV, 'is-not-defined') !== undefined,
      allOf: allOf(element),
      matches: elements(element)
        .filter((match) => is(match, NS.CARDDAV, 'text-match'))
        .map((match) => ({
          text: (match.textContent ?? '').toLowerCase(),
          matchType: (match.getAttribute('match-type') || 'contains') as TextMatch['matchType'],
          negate: match.getAttribute('negate-condition') === 'yes',
        })),
    }));
  return { allOf: allOf(filter), props };
}

export function matchesFilter(vcard: string, filter: CardFilter): boolean {
  if (filter.props.length === 0) return true;
  const values = new Map<string, string[]>();
  for (const line of unfold(vcard)) {
    const property = parsePropertyLine(line);
    if (!property) continue;
    const list = values.get(property.name) ?? [];
    list.push(unescapeText(property.value).toLowerCase());
    values.set(property.name, list);
  }
  const test = (prop: PropFilter) => {
    const found = values.get(prop.name);
    if (prop.isNotDefined) return !found;
    if (!found) return false;
    if (prop.matches.length === 0) return true;
    const results = prop.matches.map((match) => found.some((value) => textMatches(value, match)) !== match.negate);
    return prop.allOf ? results.every(Boolean) : results.some(Boolean);
  };
  return filter.allOf ? filter.props.every(test) : filter.props.some(test);
}

function textMatches(value: string, { text, matchType }: TextMatch): boolean {
  switch (matchType) {
    case 'equals':
      return value === text;
    case 'starts-with':
      return value.startsWith(text);
    case 'ends-with':
      return value.endsWith(text);
    default:
      return value.includes(text);
  }
}
