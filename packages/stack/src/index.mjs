export { openDatabaseServer, startInfra, startNatsCluster, startNatsServer } from './infra.mjs';
export {
  startStack,
  SERVICES,
  DEFAULT_PORTS,
  ROOT,
  generateJwtKeys,
  loadOrCreateJwtKeys,
  databaseUrlFor,
  dropStackDatabases,
  replicasFromEnv,
} from './stack.mjs';
export { freePort } from './processes.mjs';
export { loadOrCreateTotpEncryptionKey } from './secrets.mjs';
