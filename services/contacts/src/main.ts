import { fileURLToPath } from 'node:url';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { bootstrapService, loadConfig, runService } from '@kith/nest-kit';
import { AppModule } from './app.module.js';
import { contactsEnvSchema } from './config/contacts.config.js';

/** An import confirm carries up to ~15 000 contacts as JSON (the 5 MB vCard limit's worth). */
const JSON_BODY_LIMIT = '20mb';

runService(async () => {
  const config = loadConfig(contactsEnvSchema);
  await bootstrapService({
    name: 'contacts',
    module: AppModule.forRoot(config),
    port: config.PORT,
    natsUrl: config.NATS_URL,
    databaseUrl: config.DATABASE_URL,
    migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
    beforeListen: (app) => void (app as NestExpressApplication).useBodyParser('json', { limit: JSON_BODY_LIMIT }),
  });
});
