#!/usr/bin/env node
/**
 * How many contacts of the real-world vCard samples the import parser gets exactly right
 * (firstName, lastName, email, phoneNumber and validity), against the answer key in
 * ../shared/fixtures/vcards-real/expected.json. Entries with a `note` are judgement calls;
 * they are counted, and their misses listed, separately.
 *
 * It runs the compiled parser (services/contacts/dist/import/vcard, as the service build writes
 * it) and compiles just that folder first when the build is missing or older than the sources.
 * @kith/contracts must be built (npx tsc -p packages/contracts/tsconfig.build.json).
 * Usage: node scripts/vcard-accuracy.mjs [--quiet]   (exit code 1 when a non-judgement entry is wrong)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const samples = resolve(root, '../shared/fixtures/vcards-real');
const sourceDir = join(root, 'services/contacts/src/import/vcard');
const outDir = join(root, 'services/contacts/dist/import/vcard');
const parserPath = join(outDir, 'index.js');
const quiet = process.argv.includes('--quiet');

compileParserIfStale();
const { parseVCardFile } = await import(pathToFileURL(parserPath).href);
const { importedContactSchema } = await import('@kith/contracts');

const expectedByFile = JSON.parse(readFileSync(join(samples, 'expected.json'), 'utf8'));
const FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber', 'isValid'];
const totals = { right: 0, all: 0, firmRight: 0, firm: 0 };
const misses = [];

for (const [file, expectedCards] of Object.entries(expectedByFile)) {
  const { cards, errors } = parseVCardFile(readFileSync(join(samples, file)));
  let right = 0;
  const count = Math.max(expectedCards.length, cards.length);
  for (let i = 0; i < count; i++) {
    const expected = expectedCards[i] && withValidity(expectedCards[i]);
    const actual = cards[i];
    const wrong = !expected || !actual ? FIELDS : FIELDS.filter((field) => expected[field] !== actual[field]);
    const judgement = Boolean(expected?.note);
    if (expected) {
      totals.all++;
      if (!judgement) totals.firm++;
    }
    if (wrong.length === 0) {
      right++;
      totals.right++;
      if (!judgement) totals.firmRight++;
      continue;
    }
    misses.push({ file, card: i + 1, judgement, expected, actual, wrong });
  }
  if (!quiet) {
    const mark = right === expectedCards.length && cards.length === expectedCards.length ? 'ok  ' : 'MISS';
    console.log(
      `${mark} ${String(right).padStart(2)}/${String(expectedCards.length).padEnd(2)} ${file}${cards.length !== expectedCards.length ? ` (parser returned ${cards.length} cards)` : ''}`,
    );
    for (const error of errors) console.log(`          parser error: ${error}`);
  }
}

if (misses.length) {
  console.log('\nMismatches:');
  for (const miss of misses) {
    console.log(
      `- ${miss.file} card ${miss.card}${miss.judgement ? ' (judgement call)' : ''}: ${miss.wrong.join(', ')}`,
    );
    console.log(`    expected ${JSON.stringify(pick(miss.expected))}`);
    console.log(`    actual   ${JSON.stringify(pick(miss.actual))}`);
  }
}
console.log(
  `\nTotal: ${totals.right}/${totals.all} contacts exactly right ` +
    `(${totals.firmRight}/${totals.firm} without judgement calls, ` +
    `${totals.right - totals.firmRight}/${totals.all - totals.firm} judgement calls)`,
);
process.exitCode = totals.firmRight === totals.firm && misses.every((miss) => miss.judgement) ? 0 : 1;

function compileParserIfStale() {
  const sources = readdirSync(sourceDir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
    .map((file) => join(sourceDir, file));
  const builtAt = existsSync(parserPath) ? statSync(parserPath).mtimeMs : 0;
  if (sources.every((file) => statSync(file).mtimeMs <= builtAt)) return;
  console.log('Compiling services/contacts/src/import/vcard ...');
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  const options = ['--module', 'nodenext', '--target', 'es2023', '--strict', '--skipLibCheck', '--types', 'node'];
  execFileSync(process.execPath, [tsc, ...options, '--rootDir', sourceDir, '--outDir', outDir, ...sources], {
    stdio: 'inherit',
  });
}

/** A contact is valid when the import confirmation would accept it (both names required). */
function withValidity(contact) {
  return { ...contact, isValid: importedContactSchema.safeParse(contact).success };
}

function pick(card) {
  return card ? Object.fromEntries(FIELDS.map((field) => [field, card[field]])) : null;
}
