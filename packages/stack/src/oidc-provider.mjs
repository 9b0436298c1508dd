import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider for tests (the `oidc-provider` package, certified by the OpenID
 * Foundation), with its development sign-in pages: any login and password sign in, the login
 * being the account. Its claims: `sub` = the login, `email` = the login when it is an address,
 * `email_verified` unless the login starts with `unverified`. PKCE is required.
 */
export async function startOidcProvider({
  clientId = 'kith',
  clientSecret = randomBytes(16).toString('hex'),
  redirectUris,
  host = '127.0.0.1',
  port = 0,
} = {}) {
  const server = createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const issuer = `http://${host}:${server.address().port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    features: { devInteractions: { enabled: true } },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    async findAccount(_context, login) {
      const email = login.includes('@') ? login.toLowerCase() : undefined;
      return {
        accountId: login,
        claims: () => ({
          sub: login,
          ...(email ? { email, email_verified: !login.startsWith('unverified') } : {}),
          given_name: 'Ada',
          family_name: 'Lovelace',
          name: 'Ada Lovelace',
        }),
      };
    },
  });
  // Quiet in tests: the provider reports refused requests as events, and the tests check the answers.
  provider.on('server_error', (_context, error) => console.error(`[oidc-provider] ${error.stack ?? error}`));
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    /** Environment for Kith's auth service to use this provider. */
    env: {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_PROVIDER_NAME: 'Test IdP',
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
