import { fileURLToPath } from 'node:url';
import { bootstrapService, loadConfig, runService } from '@kith/nest-kit';
import { AppModule } from './app.module.js';
import { notificationsEnvSchema } from './config/notifications.config.js';

runService(async () => {
  const config = loadConfig(notificationsEnvSchema);
  await bootstrapService({
    name: 'notifications',
    module: AppModule.forRoot(config),
    port: config.PORT,
    nats: config,
    databaseUrl: config.DATABASE_URL,
    migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  });
});
