import { ServicePlatformModule } from '@kith/nest-kit';
import { type DynamicModule, Module } from '@nestjs/common';
import { AccountModule } from './account/account.module.js';
import { AppPasswordsModule } from './app-passwords/app-passwords.module.js';
import { AuthModule } from './auth/auth.module.js';
import { AUTH_CONFIG, type AuthConfig } from './config/auth.config.js';
import { PrismaService } from './database/prisma.service.js';

@Module({})
export class AppModule {
  static forRoot(config: AuthConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServicePlatformModule.forRoot({
          name: 'auth',
          config,
          configToken: AUTH_CONFIG,
          databaseProviders: [PrismaService],
          databaseCheck: { inject: PrismaService, check: (prisma: PrismaService) => prisma.$queryRaw`SELECT 1` },
        }),
        AuthModule,
        AccountModule,
        AppPasswordsModule,
      ],
    };
  }
}
