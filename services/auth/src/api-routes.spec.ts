import { generateKeyPairSync } from 'node:crypto';
import { cataloguedNestRoutesOf, httpRoutesOf, SERVICE_GLOBAL_PREFIX } from '@kith/nest-kit';
import { AppModule } from './app.module.js';
import type { AuthConfig } from './config/auth.config.js';

// Building the module tree only reads the config; nothing connects.
const { publicKey } = generateKeyPairSync('ed25519', {
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const config = {
  JWT_PUBLIC_KEY: publicKey,
  NATS_URL: 'nats://127.0.0.1:1',
  NATS_TIMEOUT_MS: 1,
} as Partial<AuthConfig> as AuthConfig;

describe('the auth service HTTP routes', () => {
  // A route added to a controller must be added to the route catalogue of @kith/contracts
  // (api/routes/), and so to the OpenAPI document; a catalogued route must exist.
  it('are exactly the ones the API route catalogue lists for auth', () => {
    expect(httpRoutesOf(AppModule.forRoot(config), SERVICE_GLOBAL_PREFIX)).toEqual(cataloguedNestRoutesOf('auth'));
  });
});
