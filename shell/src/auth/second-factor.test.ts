import { describe, expect, it } from '@jest/globals';
import { TwoFactorMessage } from '@kith/contracts';
import { readSecondFactor } from './second-factor.js';

describe('readSecondFactor', () => {
  it('reads a 6-digit code, spaces and all', () => {
    expect(readSecondFactor('code', ' 123 456 ')).toEqual({ factor: { code: '123456' } });
  });

  it('names what is wrong with a code', () => {
    expect(readSecondFactor('code', '  ')).toEqual({ error: TwoFactorMessage.CODE_REQUIRED_FIELD });
    expect(readSecondFactor('code', '12345')).toEqual({ error: TwoFactorMessage.CODE_FORMAT });
    expect(readSecondFactor('code', '12345a')).toEqual({ error: TwoFactorMessage.CODE_FORMAT });
  });

  it('passes a recovery code on as typed (the server normalises it), but not an empty one', () => {
    expect(readSecondFactor('recoveryCode', ' ABCD efgh-jkmn ')).toEqual({
      factor: { recoveryCode: 'ABCD efgh-jkmn' },
    });
    expect(readSecondFactor('recoveryCode', '')).toEqual({ error: TwoFactorMessage.RECOVERY_CODE_REQUIRED });
  });
});
