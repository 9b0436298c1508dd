/**
 * The import parser against real address-book exports (Apple, Google, Outlook, Android, Japanese
 * phones, UTF-16 files...) kept outside the project in ../shared/fixtures/vcards-real (their
 * licences vary, so they are read in place, never copied). The answer key `expected.json` there
 * lists, per file, the contacts a correct importer extracts; entries with a `note` are judgement
 * calls. Any other miss fails the test. The accuracy figure is printed at the end.
 *
 * Every field an answer-key entry names (besides `note`) is compared, so a key extended with more
 * fields checks them too. Point KITH_VCARD_CORPUS at another copy of the folder if it lives elsewhere.
 *
 * The details a card carries beyond names, e-mail and phone (notes, birthday, company, job title,
 * additional phones and e-mails, address in its parts, website, name prefix) are scored field by field against the project's
 * own extension of the key, parse-vcard-file.corpus-details.json beside this file (../shared is not ours to change).
 *
 * Run alone: NODE_OPTIONS=--experimental-vm-modules npx jest --selectProjects unit -- parse-vcard-file.corpus
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { importedContactSchema } from '@kith/contracts';
import { parseVCardFile } from './parse-vcard-file.js';
import type { ParsedCard } from './types.js';

type ExpectedContact = Record<string, unknown> & { note?: string };

const projectRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const corpusDir = process.env.KITH_VCARD_CORPUS ?? join(projectRoot, '../shared/fixtures/vcards-real');
const answerKeyPath = join(corpusDir, 'expected.json');
// A missing corpus is a failure, not a skip: a suite that quietly stops reading it cannot be trusted.
const answerKey: Record<string, ExpectedContact[]> = existsSync(answerKeyPath)
  ? JSON.parse(readFileSync(answerKeyPath, 'utf8'))
  : {};

/** The answer key states names, email and phone; whether the import would accept the card follows from them. */
function expectedCard(entry: ExpectedContact): Record<string, unknown> {
  const { note: _note, ...fields } = entry;
  return { ...fields, isValid: importedContactSchema.safeParse(fields).success };
}

/** The fields of `actual` that differ from the answer key's entry (all of them when either is missing). */
function wrongFields(expected: Record<string, unknown> | undefined, actual: ParsedCard | undefined): string[] {
  if (!expected || !actual) return ['card'];
  const parsed = actual as unknown as Record<string, unknown>;
  return Object.keys(expected).filter((field) => !Object.is(expected[field], parsed[field] ?? null));
}

interface Miss {
  file: string;
  card: number;
  judgementCall: boolean;
  wrong: string[];
  expected?: Record<string, unknown>;
  actual?: ParsedCard;
}

const tally = { right: 0, all: 0, firmRight: 0, firm: 0 };
const misses: Miss[] = [];

describe('vCard import against real address-book exports', () => {
  it(`finds the corpus and its answer key (${answerKeyPath})`, () => {
    expect(existsSync(answerKeyPath)).toBe(true);
    expect(Object.keys(answerKey).length).toBeGreaterThan(0);
  });

  it.each(Object.keys(answerKey))(
    '%s: every contact without a judgement note is read exactly as the key says',
    (file) => {
      const expectedCards = answerKey[file];
      const { cards } = parseVCardFile(readFileSync(join(corpusDir, file)));
      const fileMisses: Miss[] = [];
      for (let i = 0; i < Math.max(expectedCards.length, cards.length); i++) {
        const entry = expectedCards[i];
        const expected = entry && expectedCard(entry);
        const wrong = wrongFields(expected, cards[i]);
        const judgementCall = Boolean(entry?.note);
        if (entry) {
          tally.all++;
          if (!judgementCall) tally.firm++;
          if (wrong.length === 0) {
            tally.right++;
            if (!judgementCall) tally.firmRight++;
          }
        }
        // A card the key does not list (the parser returned too many) is never a judgement call.
        if (wrong.length > 0) fileMisses.push({ file, card: i + 1, judgementCall, wrong, expected, actual: cards[i] });
      }
      misses.push(...fileMisses);

      expect(fileMisses.filter((miss) => !miss.judgementCall)).toEqual([]);
    },
  );

  afterAll(() => {
    const lines = misses.map(
      (miss) =>
        `  - ${miss.file} card ${miss.card}${miss.judgementCall ? ' (judgement call)' : ''}: ${miss.wrong.join(', ')} ` +
        `expected ${JSON.stringify(miss.expected ?? null)} got ${JSON.stringify(miss.actual ?? null)}`,
    );
    const judgementCalls = tally.all - tally.firm;
    lines.push(
      `vCard corpus accuracy: ${tally.right}/${tally.all} contacts exactly right ` +
        `(${tally.firmRight}/${tally.firm} without judgement calls, ${tally.right - tally.firmRight}/${judgementCalls} judgement calls)`,
    );
    // Straight to stdout so the figure shows in `npm test` output without Jest's console framing.
    process.stdout.write(`\n${lines.join('\n')}\n`);
  });
});

const DETAIL_FIELDS = [
  'notes',
  'birthday',
  'company',
  'jobTitle',
  'phones',
  'emails',
  'address',
  'city',
  'region',
  'postalCode',
  'country',
  'website',
  'namePrefix',
] as const;
const detailKey: Record<string, Record<string, unknown>[]> = JSON.parse(
  readFileSync(fileURLToPath(new URL('./parse-vcard-file.corpus-details.json', import.meta.url)), 'utf8'),
);
const detailTally = Object.fromEntries(DETAIL_FIELDS.map((field) => [field, { right: 0, all: 0, carried: 0 }]));

describe('vCard import keeps every detail of real address-book exports', () => {
  it.each(Object.keys(detailKey).filter((file) => !file.startsWith('_')))(
    '%s: every detail field as the key says',
    (file) => {
      const { cards } = parseVCardFile(readFileSync(join(corpusDir, file)));
      const wrong: string[] = [];
      detailKey[file].forEach((expected, i) => {
        const card = cards[i] as unknown as Record<string, unknown> | undefined;
        for (const field of DETAIL_FIELDS) {
          const want = JSON.stringify(expected[field] ?? null);
          const got = JSON.stringify(card?.[field] ?? null);
          const fieldTally = detailTally[field];
          fieldTally.all++;
          if (want !== 'null' && want !== '[]') fieldTally.carried++;
          if (want === got) fieldTally.right++;
          else wrong.push(`card ${i + 1} ${field}: expected ${want} got ${got}`);
        }
      });
      expect(wrong).toEqual([]);
    },
  );

  afterAll(() => {
    const right = Object.values(detailTally).reduce((sum, fieldTally) => sum + fieldTally.right, 0);
    const all = Object.values(detailTally).reduce((sum, fieldTally) => sum + fieldTally.all, 0);
    const perField = DETAIL_FIELDS.map(
      (field) =>
        `${field} ${detailTally[field].right}/${detailTally[field].all} (${detailTally[field].carried} carried)`,
    );
    process.stdout.write(`\nvCard corpus detail accuracy: ${right}/${all} fields right; ${perField.join(', ')}\n`);
  });
});
