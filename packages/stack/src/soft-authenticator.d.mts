/** The WebAuthn options a ceremony starts with (as the server sends them). */
interface CeremonyOptions {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
}

interface SoftCredential<Response> {
  id: string;
  rawId: string;
  type: 'public-key';
  response: Response;
  clientExtensionResults: Record<string, never>;
  authenticatorAttachment: 'platform';
}

/** A passkey authenticator in software (ES256, "none" attestation, user verified). */
export class SoftAuthenticator {
  readonly credentialId: Buffer;
  /** The credential id, base64url. */
  get id(): string;
  /** The answer to registration options (navigator.credentials.create) from `origin`. */
  create(
    options: CeremonyOptions,
    origin: string,
  ): SoftCredential<{ clientDataJSON: string; attestationObject: string; transports: string[] }>;
  /** The answer to sign-in or step-up options (navigator.credentials.get) from `origin`. */
  get(
    options: CeremonyOptions,
    origin: string,
  ): SoftCredential<{ clientDataJSON: string; authenticatorData: string; signature: string; userHandle: string }>;
}
