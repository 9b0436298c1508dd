import { KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_TTL_DAYS, MS_PER_DAY } from '@kith/contracts';
import { KnownDevices, knownDeviceCookieOf, knownDeviceSetCookie } from './known-devices.js';

const ANN = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const BOB = '9b2f0c1e-7d3a-4c5b-8e6f-1a2b3c4d5e6f';
const sut = new KnownDevices(Buffer.alloc(32, 7));

describe('KnownDevices', () => {
  it('recognises a value it issued, for the account it was issued to only', () => {
    const value = sut.issue(ANN);
    const device = sut.verify(value, ANN);
    expect(device?.deviceId).toMatch(/^[\w-]{22}$/);
    expect(sut.verify(value, BOB)).toBeUndefined();
    expect(sut.verify(value, undefined)).toBeUndefined();
    // Each sign-in gets a device id of its own.
    expect(sut.verify(sut.issue(ANN), ANN)?.deviceId).not.toBe(device?.deviceId);
  });

  it('refuses values signed with another key, altered, or out of date', () => {
    const value = sut.issue(ANN);
    expect(new KnownDevices(Buffer.alloc(32, 8)).verify(value, ANN)).toBeUndefined();
    const [format, , deviceId, issuedAt, signature] = value.split('.');
    expect(sut.verify([format, BOB, deviceId, issuedAt, signature].join('.'), BOB)).toBeUndefined();
    for (const junk of ['', 'x', '...', `${value}x`, 'a'.repeat(5000)]) expect(sut.verify(junk, ANN)).toBeUndefined();
    const issuedAtMs = Date.UTC(2030, 0, 1);
    const old = sut.issue(ANN, issuedAtMs);
    expect(sut.verify(old, ANN, issuedAtMs + KNOWN_DEVICE_TTL_DAYS * MS_PER_DAY)).toBeDefined();
    expect(sut.verify(old, ANN, issuedAtMs + KNOWN_DEVICE_TTL_DAYS * MS_PER_DAY + 1000)).toBeUndefined();
  });

  it('derives its key from the signing key, so values survive a restart', () => {
    const pem = '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n';
    expect(KnownDevices.forService(pem).verify(KnownDevices.forService(pem).issue(ANN), ANN)).toBeDefined();
  });
});

describe('the known-device cookie', () => {
  it('is found among the request cookies', () => {
    expect(knownDeviceCookieOf(`theme=dark; ${KNOWN_DEVICE_COOKIE}=v1.a.b.c.d ; other=1`)).toBe('v1.a.b.c.d');
    expect(knownDeviceCookieOf('theme=dark')).toBeUndefined();
    expect(knownDeviceCookieOf(undefined)).toBeUndefined();
  });

  it('goes to the sign-in routes only, out of scripts and other sites’ reach', () => {
    expect(knownDeviceSetCookie('v1.a.b.c.d')).toBe(
      `${KNOWN_DEVICE_COOKIE}=v1.a.b.c.d; Path=/api/auth/login; Max-Age=${KNOWN_DEVICE_TTL_DAYS * 86_400}; HttpOnly; Secure; SameSite=Strict`,
    );
  });
});
