import { TwoFactorMessage } from './two-factor.js';
import { loginTwoFactorSchema, twoFactorDisableSchema, twoFactorEnableSchema } from './two-factor.schemas.js';
import { resetPasswordSchema } from './validation.js';

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('two-factor request schemas', () => {
  it('take a 6-digit code, with the spaces apps show dropped', () => {
    expect(twoFactorEnableSchema.parse({ code: ' 123 456 ' })).toEqual({ code: '123456' });
    expect(issues(twoFactorEnableSchema.safeParse({ code: '12345' }))).toEqual([
      ['code', TwoFactorMessage.CODE_FORMAT],
    ]);
    expect(issues(twoFactorEnableSchema.safeParse({ code: '12345a' }))).toEqual([
      ['code', TwoFactorMessage.CODE_FORMAT],
    ]);
    expect(issues(twoFactorEnableSchema.safeParse({}))).toEqual([['code', TwoFactorMessage.CODE_REQUIRED_FIELD]]);
  });

  it('take exactly one of code and recoveryCode at sign-in', () => {
    expect(loginTwoFactorSchema.parse({ challenge: 'c', code: '000111' })).toEqual({ challenge: 'c', code: '000111' });
    expect(loginTwoFactorSchema.parse({ challenge: 'c', recoveryCode: ' abcd-efgh ' })).toEqual({
      challenge: 'c',
      recoveryCode: 'abcd-efgh',
    });
    expect(issues(loginTwoFactorSchema.safeParse({ challenge: 'c' }))).toEqual([
      ['code', TwoFactorMessage.CODE_REQUIRED_FIELD],
    ]);
    expect(issues(loginTwoFactorSchema.safeParse({ challenge: 'c', code: '000111', recoveryCode: 'x' }))).toEqual([
      ['recoveryCode', TwoFactorMessage.ONE_FACTOR],
    ]);
    expect(issues(loginTwoFactorSchema.safeParse({ code: '000111' }))).toEqual([
      ['challenge', 'challenge is required'],
    ]);
  });

  it('need the password to turn two-factor sign-in off', () => {
    expect(issues(twoFactorDisableSchema.safeParse({ code: '000111' }))).toEqual([
      ['password', 'password is required'],
    ]);
  });

  it('let a password reset carry a second factor, or none, but not both', () => {
    const base = { token: 't', password: 'secret1' };
    expect(resetPasswordSchema.parse(base)).toEqual(base);
    expect(resetPasswordSchema.parse({ ...base, code: '123456' })).toEqual({ ...base, code: '123456' });
    expect(issues(resetPasswordSchema.safeParse({ ...base, code: '123456', recoveryCode: 'x' }))).toEqual([
      ['recoveryCode', TwoFactorMessage.ONE_FACTOR],
    ]);
  });
});
