// Imported first by `npm start` and `npm test`: a clear message on an unsupported Node.js instead of
// an obscure failure deep inside a dependency. The supported range is package.json's `engines.node`.
import { readFileSync } from 'node:fs';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const required = Number(/\d+/.exec(engines.node)[0]);
const current = Number(process.versions.node.split('.')[0]);
if (current < required) {
  console.error(
    `Kith needs Node.js ${engines.node} (the current LTS); this is Node.js ${process.versions.node}.\n` +
      `Install Node.js ${required} (https://nodejs.org, nvm, or your package manager) and run the command again.`,
  );
  process.exit(1);
}
