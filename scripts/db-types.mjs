#!/usr/bin/env node
// Regenerates a service's table types (services/<service>/src/database/tables.generated.ts) from
// a database migrated afresh by the service's SQL migrations, then drops that database:
//   node scripts/db-types.mjs contacts
// Uses the PostgreSQL server of DATABASE_URL when set, else the launcher's embedded one (data in
// .data/). Needs `npm run build` first (the migrations run through @kith/nest-kit).
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { prepareDatabase } from '@kith/nest-kit';
import { databaseUrlFor, dbTypesFile, dbTypesOf, ROOT, SERVICES, startPostgres } from '@kith/stack';

const service = process.argv[2];
if (!SERVICES.includes(service)) {
  console.error(`Usage: node scripts/db-types.mjs <${SERVICES.join('|')}>`);
  process.exit(2);
}
const postgres = await startPostgres(join(ROOT, '.data'), console.log);
const name = `kith_${service}_types_${randomBytes(3).toString('hex')}`;
const databaseUrl = databaseUrlFor(postgres.url, name);
try {
  await prepareDatabase(databaseUrl, join(ROOT, 'services', service, 'migrations'));
  writeFileSync(dbTypesFile(service), await dbTypesOf(service, databaseUrl));
  console.log(`Wrote ${dbTypesFile(service)}`);
} finally {
  const admin = new pg.Client({ connectionString: databaseUrlFor(postgres.url, 'postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => admin.end());
  await postgres.stop();
}
