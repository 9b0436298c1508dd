/**
 * vCard writer: one Kith contact to one vCard 3.0 (RFC 2426) or 4.0 (RFC 6350) card. The
 * mirror of card-mapper.ts (the import side): what this writes, the parser reads back into the
 * same contact, so export → import, and CardDAV, share one mapping.
 */
import { type ContactDetails, DEFAULT_VCARD_VERSION, type VCardVersion } from '@kith/contracts';
import { escapeText, foldLine } from '../../common/content-lines.js';

export const VCARD_MEDIA_TYPE = 'text/vcard; charset=utf-8';

/** The contact fields a card carries. */
export interface VCardContact extends ContactDetails {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phoneNumber: string | null;
  notes: string | null;
  /** The contact's list, written as CATEGORIES. */
  listName: string | null;
  updatedAt: Date;
}

/** REV timestamp: 3.0 takes ISO 8601 extended, 4.0 the basic form (RFC 6350 §4.3.5). */
function revision(date: Date, version: VCardVersion): string {
  const iso = `${date.toISOString().slice(0, 19)}Z`;
  return version === '4.0' ? iso.replace(/[-:]/g, '') : iso;
}

/**
 * BDAY: 4.0 writes a yearless birthday as --MMDD; 3.0 has no such form, so it uses Apple's
 * placeholder year with X-APPLE-OMIT-YEAR, which importers (ours included) read as "no year".
 */
function birthdayLine(birthday: string, version: VCardVersion): string {
  const [, year, month, day] = /^(\d{4}|-)-(\d{2})-(\d{2})$/.exec(birthday) ?? [];
  if (!month || !day) return '';
  if (version === '4.0') return `BDAY:${year === '-' ? '--' : year}${month}${day}`;
  return year === '-' ? `BDAY;X-APPLE-OMIT-YEAR=1604:1604-${month}-${day}` : `BDAY:${year}-${month}-${day}`;
}

function properties(contact: VCardContact, version: VCardVersion): string[] {
  const v4 = version === '4.0';
  const fullName = `${contact.firstName} ${contact.lastName}`.trim();
  const lines = [
    'BEGIN:VCARD',
    `VERSION:${version}`,
    'PRODID:-//Kith//vCard export//EN',
    `UID:${v4 ? `urn:uuid:${contact.id}` : contact.id}`,
    `FN:${escapeText(fullName)}`,
    `N:${escapeText(contact.lastName)};${escapeText(contact.firstName)};;;`,
  ];
  if (contact.email) lines.push(`${v4 ? 'EMAIL;PREF=1' : 'EMAIL;TYPE=INTERNET,PREF'}:${escapeText(contact.email)}`);
  // 4.0's default TEL value is a tel: URI, which cannot keep the spaces people type: text it is.
  if (contact.phoneNumber)
    lines.push(`${v4 ? 'TEL;VALUE=text;PREF=1' : 'TEL;TYPE=VOICE,PREF'}:${escapeText(contact.phoneNumber)}`);
  // Additional numbers and addresses as Apple's grouped items: the label a person typed survives
  // exactly (card-mapper.ts reads X-ABLabel first), which TYPE words could not promise.
  let item = 0;
  for (const phone of contact.phones) {
    item += 1;
    lines.push(
      `item${item}.TEL${v4 ? ';VALUE=text' : ''}:${escapeText(phone.value)}`,
      `item${item}.X-ABLabel:${escapeText(phone.label)}`,
    );
  }
  for (const email of contact.emails) {
    item += 1;
    lines.push(
      `item${item}.EMAIL${v4 ? '' : ';TYPE=INTERNET'}:${escapeText(email.value)}`,
      `item${item}.X-ABLabel:${escapeText(email.label)}`,
    );
  }
  if (contact.company) lines.push(`ORG:${escapeText(contact.company)}`);
  if (contact.jobTitle) lines.push(`TITLE:${escapeText(contact.jobTitle)}`);
  // The multi-line address goes whole into the street component (lines kept as escaped newlines).
  if (contact.address) lines.push(`ADR:;;${escapeText(contact.address)};;;;`);
  if (contact.website) lines.push(`URL:${escapeText(contact.website)}`);
  if (contact.birthday) lines.push(birthdayLine(contact.birthday, version));
  if (contact.notes) lines.push(`NOTE:${escapeText(contact.notes)}`);
  if (contact.listName) lines.push(`CATEGORIES:${escapeText(contact.listName)}`);
  lines.push(`REV:${revision(contact.updatedAt, version)}`, 'END:VCARD');
  return lines;
}

/** One card, folded, with CRLF line ends. */
export function writeVCard(contact: VCardContact, version: VCardVersion = DEFAULT_VCARD_VERSION): string {
  return properties(contact, version).filter(Boolean).map(foldLine).join('');
}
