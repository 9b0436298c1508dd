export { startInfra } from './infra.mjs';
export {
  startStack,
  SERVICES,
  DEFAULT_PORTS,
  ROOT,
  generateJwtKeys,
  loadOrCreateJwtKeys,
  databaseUrlFor,
} from './stack.mjs';
export { freePort } from './processes.mjs';
export { loadOrCreateTotpEncryptionKey } from './secrets.mjs';
