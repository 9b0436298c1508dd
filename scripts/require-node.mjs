// Imported first by `npm start` and `npm test`: a clear message on an unsupported Node.js instead of
// an obscure failure deep inside a dependency. The supported range is package.json's `engines.node`.
import { readFileSync } from 'node:fs';

/** The message for Node.js `version` (e.g. '20.19.0') against an engines range like '>=24', or null when it is supported. */
export function nodeVersionProblem(version, range) {
  const required = Number(/\d+/.exec(range)[0]);
  const current = Number(version.replace(/^v/, '').split('.')[0]);
  if (current >= required) return null;
  return (
    `Kith needs Node.js ${range} (the current LTS); this is Node.js ${version}.\n` +
    `Install Node.js ${required} (https://nodejs.org, nvm, or your package manager) and run the command again.`
  );
}

export const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const problem = nodeVersionProblem(process.versions.node, engines.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
