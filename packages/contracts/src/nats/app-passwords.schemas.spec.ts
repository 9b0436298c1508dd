import { verifyAppPasswordRequestSchema } from './app-passwords.schemas.js';

describe('verifyAppPasswordRequestSchema', () => {
  it('hands the user name on as addresses are stored, so auth compares it as it is', () => {
    expect(verifyAppPasswordRequestSchema.parse({ username: ' Ann@Example.TEST ', password: 'Pw' })).toEqual({
      username: 'ann@example.test',
      password: 'Pw',
    });
  });

  it('refuses what is not a string or is too long', () => {
    expect(verifyAppPasswordRequestSchema.safeParse({ username: 1, password: 'x' }).success).toBe(false);
    expect(verifyAppPasswordRequestSchema.safeParse({ username: 'a'.repeat(255), password: 'x' }).success).toBe(false);
  });
});
