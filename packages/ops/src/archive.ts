import type { DatabaseService } from './layout.js';

/** The archive's table of contents, `kith-backup.json`, beside `secrets/` and `databases/<service>/`. */
export interface BackupManifest {
  format: 'kith-backup';
  version: 1;
  createdAt: string;
  databases: Record<DatabaseService, DatabaseDump>;
  /** Files under `secrets/`. */
  secrets: string[];
}

export interface DatabaseDump {
  /** The migrations applied, in order: the schema the rows belong to. */
  migrations: string[];
  /** In an order that loads every referenced row before the rows that reference it. */
  tables: TableDump[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
}

export interface TableDump {
  name: string;
  columns: string[];
  rows: number;
  /** `databases/<service>/<file>`: the rows in COPY's text format. */
  file: string;
}

export const MANIFEST_FILE = 'kith-backup.json';

export const tableFile = (service: DatabaseService, table: TableDump['name']) => `databases/${service}/${table}.copy`;
