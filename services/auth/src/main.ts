import { fileURLToPath } from 'node:url';
import { bootstrapService, loadConfig, runService } from '@kith/nest-kit';
import { AppModule } from './app.module.js';
import { authEnvSchema } from './config/auth.config.js';

runService(async () => {
  const config = loadConfig(authEnvSchema);
  await bootstrapService({
    name: 'auth',
    module: AppModule.forRoot(config),
    port: config.PORT,
    nats: config,
    databaseUrl: config.DATABASE_URL,
    migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  });
});
