import { spawnSync } from 'node:child_process';
import { engines, nodeVersionProblem } from './require-node.mjs';

describe('nodeVersionProblem', () => {
  it('names the required range, the running version and what to install on an older Node', () => {
    expect(nodeVersionProblem('20.19.0', '>=24')).toBe(
      'Kith needs Node.js >=24 (the current LTS); this is Node.js 20.19.0.\n' +
        'Install Node.js 24 (https://nodejs.org, nvm, or your package manager) and run the command again.',
    );
  });

  it('refuses the last release below the required major', () => {
    expect(nodeVersionProblem('23.11.1', '>=24')).toContain('this is Node.js 23.11.1');
  });

  it('accepts the required major and anything newer', () => {
    expect(nodeVersionProblem('24.0.0', '>=24')).toBeNull();
    expect(nodeVersionProblem('25.2.1', '>=24')).toBeNull();
  });
});

describe('importing require-node.mjs', () => {
  /** Imports the module in a Node that reports `version`, then prints 'went on' if it was let through. */
  const importAs = (version) =>
    spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '${version}' } });
         await import(${JSON.stringify(new URL('./require-node.mjs', import.meta.url).href)});
         console.log('went on');`,
      ],
      { encoding: 'utf8' },
    );

  it("stops an older Node than package.json's engines with the message, before anything else runs", () => {
    const result = importAs('20.19.0');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Kith needs Node.js ${engines.node} (the current LTS); this is Node.js 20.19.0.`);
    expect(result.stdout).not.toContain('went on');
  });

  it('lets the running Node through', () => {
    const result = importAs(process.versions.node);
    expect(result.stderr).not.toContain('Kith needs');
    expect(result.stdout).toBe('went on\n');
    expect(result.status).toBe(0);
  });
});
