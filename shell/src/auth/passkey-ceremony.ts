import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { WebAuthnResponse } from '@kith/contracts';

/**
 * The browser's side of a passkey ceremony (@simplewebauthn/browser), loaded only when someone
 * uses a passkey: the login page's first download stays without it.
 */
const browser = () => import(/* webpackChunkName: "webauthn" */ '@simplewebauthn/browser');

/** Whether this browser can use passkeys at all. */
export const passkeysSupported = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** navigator.credentials.create with the server's registration options. */
export async function createPasskey(options: object): Promise<WebAuthnResponse> {
  const { startRegistration } = await browser();
  return (await startRegistration({
    optionsJSON: options as PublicKeyCredentialCreationOptionsJSON,
  })) as unknown as WebAuthnResponse;
}

/** navigator.credentials.get with the server's sign-in or step-up options. */
export async function getPasskey(options: object): Promise<WebAuthnResponse> {
  const { startAuthentication } = await browser();
  return (await startAuthentication({
    optionsJSON: options as PublicKeyCredentialRequestOptionsJSON,
  })) as unknown as WebAuthnResponse;
}

/** The person closed the browser's prompt (or it timed out): not an error to show loudly. */
export const wasCancelled = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
