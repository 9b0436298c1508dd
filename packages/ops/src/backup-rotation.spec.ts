import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backupFileName, nextRunAfter, pruneBackups } from './backup-rotation.js';

describe('backup rotation', () => {
  it('names backups so that they sort in time order', () => {
    expect(backupFileName(new Date('2025-01-31T03:00:09.500Z'))).toBe('kith-20250131-030009.tar.gz');
  });

  it('keeps the newest N and never touches other files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kith-rotation-'));
    const names = ['kith-20250101-030000.tar.gz', 'kith-20250103-030000.tar.gz', 'kith-20250102-030000.tar.gz'];
    for (const name of [...names, 'my-notes.txt', 'kith-manual.tar.gz']) writeFileSync(join(dir, name), '');
    expect(pruneBackups(dir, 2)).toEqual(['kith-20250101-030000.tar.gz']);
    expect(readdirSync(dir).sort()).toEqual([
      'kith-20250102-030000.tar.gz',
      'kith-20250103-030000.tar.gz',
      'kith-manual.tar.gz',
      'my-notes.txt',
    ]);
  });

  it('runs next at the given UTC time, tomorrow once it has passed today', () => {
    expect(nextRunAfter(new Date('2025-01-31T02:59:00Z'), '03:00').toISOString()).toBe('2025-01-31T03:00:00.000Z');
    expect(nextRunAfter(new Date('2025-01-31T03:00:00Z'), '03:00').toISOString()).toBe('2025-02-01T03:00:00.000Z');
    expect(() => nextRunAfter(new Date(), '3am')).toThrow(/KITH_BACKUP_AT must be a time of day as HH:MM/);
  });
});
