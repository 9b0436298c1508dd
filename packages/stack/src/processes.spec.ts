import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startProcess } from './processes.mjs';

describe('startProcess with a log file', () => {
  it("writes the child's output and errors to the file, appending, and reads its last lines back", async () => {
    const logFile = join(mkdtempSync(join(tmpdir(), 'kith-processes-')), 'child-1.log');
    const run = async (script: string) => {
      const child = startProcess('child', process.execPath, ['-e', script], { quiet: false, logFile });
      expect(child.child.stdout).toBeNull();
      await child.exited;
      return child;
    };
    await run(`console.log('first run')`);
    const second = await run(`for (let i = 0; i < 300; i++) console.log('line ' + i); console.error('to stderr')`);
    const lines = readFileSync(logFile, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('first run');
    expect(lines).toHaveLength(302);
    expect(lines).toContain('to stderr');
    const recent = second.recentOutput().split('\n');
    expect(recent).toHaveLength(200);
    expect(recent.at(-1)).toBe('to stderr');
  });
});

describe('freePort', () => {
  it('never hands out one port twice, even while none of them is bound yet', async () => {
    // A stack picks every port before its services bind them; 2 000 random picks from 12 000
    // ports would repeat one almost surely.
    const ports: number[] = [];
    for (let index = 0; index < 2_000; index += 1) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
    expect(Math.min(...ports)).toBeGreaterThanOrEqual(20_000);
  });
});
