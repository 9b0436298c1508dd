import { createHash, randomUUID } from 'node:crypto';
import { EMAIL_ACTION_TTL_DAYS, EMAIL_PAUSE_LINK_TTL_DAYS, type EmailActionKind, MS_PER_DAY } from '@kith/contracts';
import { errors, jwtVerify, SignJWT } from 'jose';

/** What a one-click link carries, signed (HS256) so nobody can forge or alter one. */
export interface EmailActionClaims {
  tokenId: string;
  userId: string;
  action: EmailActionKind;
  /** The contact the link acts on (not for pause links). */
  contactId: string | null;
  expiresAt: Date;
  /**
   * A digest of the address the link was mailed to: the link acts only while the account still
   * has it (null in links signed before this was added).
   */
  recipient: string | null;
}

/** What a link remembers of the address it was mailed to (a digest, not the address). */
export const recipientDigest = (email: string) =>
  createHash('sha256').update(email.toLowerCase()).digest('base64url').slice(0, 22);

export type VerifiedToken = { claims: EmailActionClaims; expired: boolean } | null;

const AUDIENCE = 'kith-email-action';
const ACTIONS: readonly EmailActionKind[] = ['mark-contacted', 'snooze', 'pause-reminders'];

/** Pause links outlive the others: an old e-mail must still be able to stop reminder mail. */
export function linkLifetimeMs(action: EmailActionKind): number {
  return (action === 'pause-reminders' ? EMAIL_PAUSE_LINK_TTL_DAYS : EMAIL_ACTION_TTL_DAYS) * MS_PER_DAY;
}

export async function signEmailAction(
  secret: Uint8Array,
  { userId, action, contactId, email }: Pick<EmailActionClaims, 'userId' | 'action' | 'contactId'> & { email: string },
  now: Date = new Date(),
): Promise<string> {
  const jwt = new SignJWT({ act: action, rcp: recipientDigest(email), ...(contactId ? { cid: contactId } : {}) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setAudience(AUDIENCE)
    .setJti(randomUUID())
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor((now.getTime() + linkLifetimeMs(action)) / 1000));
  return jwt.sign(secret);
}

/**
 * The claims of a link signed with `secret`, and whether it has expired (an expired link is still
 * recognised, so the page can say it expired rather than that it is invalid); null when the
 * token is malformed, forged or altered.
 */
export async function verifyEmailAction(
  secret: Uint8Array,
  token: string,
  now: Date = new Date(),
): Promise<VerifiedToken> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], audience: AUDIENCE, currentDate: now });
    return toClaims(payload, false);
  } catch (error) {
    // JWTExpired is only raised once the signature checked out.
    if (error instanceof errors.JWTExpired) return toClaims(error.payload, true);
    return null;
  }
}

function toClaims(payload: Record<string, unknown>, expired: boolean): VerifiedToken {
  const { sub, jti, exp, act, cid, rcp } = payload;
  if (typeof sub !== 'string' || typeof jti !== 'string' || typeof exp !== 'number') return null;
  if (!ACTIONS.includes(act as EmailActionKind)) return null;
  const action = act as EmailActionKind;
  if ((action === 'pause-reminders') !== (cid === undefined) || (cid !== undefined && typeof cid !== 'string'))
    return null;
  return {
    claims: {
      tokenId: jti,
      userId: sub,
      action,
      contactId: (cid as string | undefined) ?? null,
      expiresAt: new Date(exp * 1000),
      recipient: typeof rcp === 'string' ? rcp : null,
    },
    expired,
  };
}
