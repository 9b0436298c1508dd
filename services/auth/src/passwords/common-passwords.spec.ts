import { isCommonPassword } from './common-passwords.js';

describe('isCommonPassword', () => {
  it.each(['password1', 'Password1', '123456', 'qwerty', 'letmein', 'iloveyou'])('refuses %s', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(['correct-horse-1', 'demo1234', 'a long passphrase nobody uses'])('accepts %s', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});
