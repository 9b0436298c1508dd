export interface OidcTestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_PROVIDER_NAME for Kith's auth service. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export function startOidcProvider(options: {
  clientId?: string;
  clientSecret?: string;
  redirectUris: string[];
  host?: string;
  port?: number;
}): Promise<OidcTestProvider>;
