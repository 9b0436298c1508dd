import { randomBytes } from 'node:crypto';
import { recipientDigest, signEmailAction, verifyEmailAction } from './email-action-tokens.js';

const secret = new Uint8Array(randomBytes(32));
const userId = '00000000-0000-4000-8000-000000000001';
const contactId = '00000000-0000-4000-8000-0000000000c1';
const email = 'ada@example.test';

describe('email action tokens', () => {
  it('round-trips the user, contact, action and a 7-day expiry', async () => {
    const now = new Date('2026-11-01T09:00:00Z');
    const token = await signEmailAction(secret, { userId, email, contactId, action: 'snooze' }, now);
    const verified = await verifyEmailAction(secret, token, new Date('2026-11-07T09:00:00Z'));
    expect(verified).toMatchObject({
      expired: false,
      claims: { userId, contactId, action: 'snooze', recipient: recipientDigest(email) },
    });
    // The link remembers a digest of the address, never the address.
    expect(Buffer.from(token.split('.')[1]!, 'base64url').toString()).not.toContain('ada');
    expect(verified!.claims.expiresAt.toISOString()).toBe('2026-11-08T09:00:00.000Z');
  });

  it('recognises an expired link as expired, after 7 days', async () => {
    const token = await signEmailAction(
      secret,
      { userId, email, contactId, action: 'mark-contacted' },
      new Date('2026-11-01T09:00:00Z'),
    );
    expect(await verifyEmailAction(secret, token, new Date('2026-11-08T09:00:01Z'))).toMatchObject({
      expired: true,
      claims: { contactId },
    });
  });

  it('refuses a token signed with another key, altered, or not a token at all', async () => {
    const token = await signEmailAction(secret, { userId, email, contactId, action: 'snooze' });
    expect(await verifyEmailAction(new Uint8Array(randomBytes(32)), token)).toBeNull();
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'someone-else' }),
    ).toString('base64url');
    expect(await verifyEmailAction(secret, `${header}.${forged}.${signature}`)).toBeNull();
    expect(await verifyEmailAction(secret, 'not-a-token')).toBeNull();
  });

  it('keeps pause links valid for 90 days and without a contact', async () => {
    const token = await signEmailAction(
      secret,
      { userId, email, contactId: null, action: 'pause-reminders' },
      new Date('2026-01-01T00:00:00Z'),
    );
    expect(await verifyEmailAction(secret, token, new Date('2026-03-31T00:00:00Z'))).toMatchObject({
      expired: false,
      claims: { contactId: null },
    });
  });
});
