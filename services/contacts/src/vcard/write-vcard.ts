/**
 * vCard writer: one Kith contact to one vCard 3.0 (RFC 2426) or 4.0 (RFC 6350) card. The
 * mirror of card-mapper.ts (the import side): what this writes, the parser reads back into the
 * same contact. It is the only writer of Kith's fields: the export writes whole cards with it, and
 * CardDAV (synced-card.ts) takes its properties one field at a time to patch a client's card.
 */
import { type ContactDetails, DEFAULT_VCARD_VERSION, type VCardVersion } from '@kith/contracts';
import { escapeText, foldLine } from '../common/content-lines.js';

export const VCARD_MEDIA_TYPE = 'text/vcard; charset=utf-8';

/** The contact fields a card carries. */
export interface VCardContact extends ContactDetails {
  /** The card's UID: the contact's CardDAV UID, so a person has one UID in exports and on phones. */
  uid: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phoneNumber: string | null;
  notes: string | null;
  /**
   * CATEGORIES: the contact's list (export); CardDAV also keeps a client's own categories after it.
   * Empty: no CATEGORIES.
   */
  categories: readonly string[];
  /**
   * Written as REV; null leaves REV out. CardDAV does: a card's version there is its ETag, which
   * follows the card's fields, while the contact's updatedAt also moves when it is only contacted.
   */
  updatedAt: Date | null;
}

/** Which of the contact's fields a property writes (the CardDAV patcher replaces them by field). */
export type CardField =
  | 'uid'
  | 'name'
  | 'emails'
  | 'phones'
  | 'company'
  | 'jobTitle'
  | 'address'
  | 'website'
  | 'birthday'
  | 'notes'
  | 'categories';

/** One property the writer produces: unfolded lines (a grouped value with its label line) and its field. */
export interface WrittenProperty {
  field: CardField;
  lines: string[];
  /** TEL and EMAIL: the value and its label, null for the primary one. */
  value?: string;
  label?: string | null;
}

export const VCARD_PRODID = '-//Kith//Kith contacts//EN';

/** REV timestamp: 3.0 takes ISO 8601 extended, 4.0 the basic form (RFC 6350 §4.3.5). */
function revision(date: Date, version: VCardVersion): string {
  const iso = `${date.toISOString().slice(0, 19)}Z`;
  return version === '4.0' ? iso.replace(/[-:]/g, '') : iso;
}

/**
 * BDAY: 4.0 writes a yearless birthday as --MMDD; 3.0 has no such form, so it uses Apple's
 * placeholder year with X-APPLE-OMIT-YEAR, which importers (ours included) read as "no year".
 */
function birthdayLine(birthday: string, version: VCardVersion): string | null {
  const [, year, month, day] = /^(\d{4}|-)-(\d{2})-(\d{2})$/.exec(birthday) ?? [];
  if (!month || !day) return null;
  if (version === '4.0') return `BDAY:${year === '-' ? '--' : year}${month}${day}`;
  return year === '-' ? `BDAY;X-APPLE-OMIT-YEAR=1604:1604-${month}-${day}` : `BDAY:${year}-${month}-${day}`;
}

/**
 * UID: 4.0's default value type is a URI; a UID that is not one (a bare id, as most clients
 * write) is marked as text rather than rewritten, so it stays the same string everywhere.
 */
function uidLine(uid: string, version: VCardVersion): string {
  if (version === '4.0' && !/^[a-z][a-z0-9+.-]*:/i.test(uid)) return `UID;VALUE=text:${escapeText(uid)}`;
  return `UID:${escapeText(uid)}`;
}

/** The contact's properties in writing order, each tagged with the field it carries. */
export function cardProperties(contact: Omit<VCardContact, 'updatedAt'>, version: VCardVersion): WrittenProperty[] {
  const v4 = version === '4.0';
  const personName = `${contact.firstName} ${contact.lastName}`.trim();
  // FN is required: a card without a person's name shows its company, else its number or e-mail,
  // which the importer never reads back as a name (card-mapper.ts).
  const fullName = personName || contact.company || contact.phoneNumber || contact.email || '';
  const prefix = contact.namePrefix ? escapeText(contact.namePrefix) : '';
  const nameLines = [
    `FN:${escapeText(fullName)}`,
    `N:${escapeText(contact.lastName)};${escapeText(contact.firstName)};;${prefix};`,
  ];
  // A company's own card: Apple and vCard 4.0 clients then show it as a company, not a person.
  if (!personName && contact.company) nameLines.push(v4 ? 'KIND:org' : 'X-ABShowAs:COMPANY');
  const written: WrittenProperty[] = [
    { field: 'uid', lines: [uidLine(contact.uid, version)] },
    { field: 'name', lines: nameLines },
  ];
  if (contact.email)
    written.push({
      field: 'emails',
      value: contact.email,
      label: null,
      lines: [`${v4 ? 'EMAIL;PREF=1' : 'EMAIL;TYPE=INTERNET,PREF'}:${escapeText(contact.email)}`],
    });
  // 4.0's default TEL value is a tel: URI, which cannot keep the spaces people type: text it is.
  if (contact.phoneNumber)
    written.push({
      field: 'phones',
      value: contact.phoneNumber,
      label: null,
      lines: [`${v4 ? 'TEL;VALUE=text;PREF=1' : 'TEL;TYPE=VOICE,PREF'}:${escapeText(contact.phoneNumber)}`],
    });
  // Additional numbers and addresses as Apple's grouped items: the label a person typed survives
  // exactly (card-mapper.ts reads X-ABLabel first), which TYPE words could not promise.
  let item = 0;
  for (const phone of contact.phones) {
    item += 1;
    written.push({
      field: 'phones',
      value: phone.value,
      label: phone.label,
      lines: [
        `item${item}.TEL${v4 ? ';VALUE=text' : ''}:${escapeText(phone.value)}`,
        `item${item}.X-ABLabel:${escapeText(phone.label)}`,
      ],
    });
  }
  for (const email of contact.emails) {
    item += 1;
    written.push({
      field: 'emails',
      value: email.value,
      label: email.label,
      lines: [
        `item${item}.EMAIL${v4 ? '' : ';TYPE=INTERNET'}:${escapeText(email.value)}`,
        `item${item}.X-ABLabel:${escapeText(email.label)}`,
      ],
    });
  }
  if (contact.company) written.push({ field: 'company', lines: [`ORG:${escapeText(contact.company)}`] });
  if (contact.jobTitle) written.push({ field: 'jobTitle', lines: [`TITLE:${escapeText(contact.jobTitle)}`] });
  // ADR's parts: the street lines (kept as escaped newlines), locality, region, postal code, country.
  const addressParts = [contact.address, contact.city, contact.region, contact.postalCode, contact.country];
  if (addressParts.some(Boolean))
    written.push({
      field: 'address',
      lines: [`ADR:;;${addressParts.map((part) => escapeText(part ?? '')).join(';')}`],
    });
  if (contact.website) written.push({ field: 'website', lines: [`URL:${escapeText(contact.website)}`] });
  const birthday = contact.birthday ? birthdayLine(contact.birthday, version) : null;
  if (birthday) written.push({ field: 'birthday', lines: [birthday] });
  if (contact.notes) written.push({ field: 'notes', lines: [`NOTE:${escapeText(contact.notes)}`] });
  if (contact.categories.length)
    written.push({ field: 'categories', lines: [`CATEGORIES:${contact.categories.map(escapeText).join(',')}`] });
  return written;
}

/** One whole card, folded, with CRLF line ends. */
export function writeVCard(contact: VCardContact, version: VCardVersion = DEFAULT_VCARD_VERSION): string {
  const lines = [
    'BEGIN:VCARD',
    `VERSION:${version}`,
    `PRODID:${VCARD_PRODID}`,
    ...cardProperties(contact, version).flatMap((property) => property.lines),
    ...(contact.updatedAt ? [`REV:${revision(contact.updatedAt, version)}`] : []),
    'END:VCARD',
  ];
  return lines.map(foldLine).join('');
}
