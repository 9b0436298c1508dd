import { createHash } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@kith/contracts';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.js';

const userId = '6f1f0a4e-3a53-4c57-9d2b-2f5b8d0f9a10';

describe('recovery codes', () => {
  it('come ten at a time, distinct, as three groups of four unambiguous symbols', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}$/);
  });

  it('are stored as SHA-256 of the user id and the code, never in clear', () => {
    const [code] = newRecoveryCodes(1);
    const hash = hashRecoveryCode(userId, code!);
    expect(hash).toBe(createHash('sha256').update(`${userId}:${code}`).digest('hex'));
    expect(hash).not.toContain(code!.replaceAll('-', ''));
  });

  it('match however they are typed: case, spaces and dashes do not matter', () => {
    const hash = hashRecoveryCode(userId, 'abcd-efgh-jkmn');
    expect(hashRecoveryCode(userId, 'ABCD EFGH JKMN')).toBe(hash);
    expect(hashRecoveryCode(userId, ' abcdefghjkmn ')).toBe(hash);
    expect(hashRecoveryCode(userId, 'abcd-efgh-jkmp')).not.toBe(hash);
  });

  it('hash differently for another user, so one table cannot serve every account', () => {
    expect(hashRecoveryCode(userId, 'abcd-efgh-jkmn')).not.toBe(
      hashRecoveryCode('00000000-0000-4000-8000-000000000001', 'abcd-efgh-jkmn'),
    );
  });
});
