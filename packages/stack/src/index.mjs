export { openDatabaseServer, startInfra, startNatsCluster, startNatsServer, startPostgres } from './infra.mjs';
export { committedDbTypes, dbTypesFile, dbTypesOf } from './db-types.mjs';
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
export { loadOrCreateCalendarFeedEncryptionKey, loadOrCreateTotpEncryptionKey } from './secrets.mjs';
