import { fileURLToPath } from 'node:url';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { bootstrapService, loadConfig, runService } from '@kith/nest-kit';
import { DAV_ROOT_PATH, IMPORT_CONFIRM_BODY_LIMIT } from '@kith/contracts';
import { AppModule } from './app.module.js';
import { DavRouter } from './carddav/dav.router.js';
import { contactsEnvSchema } from './config/contacts.config.js';

runService(async () => {
  const config = loadConfig(contactsEnvSchema);
  await bootstrapService({
    name: 'contacts',
    module: AppModule.forRoot(config),
    port: config.PORT,
    nats: config,
    databaseUrl: config.DATABASE_URL,
    migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
    beforeListen: (app) => {
      (app as NestExpressApplication).useBodyParser('json', { limit: IMPORT_CONFIRM_BODY_LIMIT });
      // CardDAV speaks WebDAV (XML, its own methods and status codes), so it is plain Express
      // mounted before Nest's /api routes rather than a Nest controller with the JSON envelope.
      app.use(DAV_ROOT_PATH.replace(/\/$/, ''), app.get(DavRouter).handler);
    },
  });
});
