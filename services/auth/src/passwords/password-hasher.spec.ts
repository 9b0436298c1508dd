import { jest } from '@jest/globals';
import { verify as argon2Verify } from '@node-rs/argon2';
import { PasswordHasher } from './password-hasher.js';

describe('PasswordHasher', () => {
  const sut = new PasswordHasher();

  it('hashes with argon2id and the OWASP parameters (19 MiB, 2 passes, 1 lane)', async () => {
    const passwordHash = await sut.hash('correct horse');
    expect(passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('salts every hash', async () => {
    expect(await sut.hash('same password')).not.toBe(await sut.hash('same password'));
  });

  it('accepts the right password and refuses a wrong one', async () => {
    const passwordHash = await sut.hash('correct horse');
    await expect(sut.verify(passwordHash, 'correct horse')).resolves.toBe(true);
    await expect(sut.verify(passwordHash, 'Correct horse')).resolves.toBe(false);
  });

  it('answers false, not an exception, for a malformed stored hash', async () => {
    await expect(sut.verify('not-a-hash', 'anything')).resolves.toBe(false);
  });

  it('spends a real argon2 verification on unknown accounts (timing parity)', async () => {
    // Checked by what runs, not by a stopwatch (ratios of milliseconds flake on a busy machine): an
    // unknown email costs one verify() against a hash with the same argon2 parameters as real ones.
    const verify = jest.spyOn(sut, 'verify');
    await expect(sut.verifyAgainstDummy('wrong password')).resolves.toBe(false);

    expect(verify).toHaveBeenCalledTimes(1);
    const [dummyHash, password] = verify.mock.calls[0]!;
    expect(password).toBe('wrong password');
    const parameters = (stored: string) => stored.split('$').slice(1, 4).join('$');
    expect(parameters(dummyHash)).toBe(parameters(await sut.hash('correct horse')));
    expect(parameters(dummyHash)).toBe('argon2id$v=19$m=19456,t=2,p=1');
    // A well-formed hash argon2 really checks (a malformed one makes the library throw).
    await expect(argon2Verify(dummyHash, 'wrong password')).resolves.toBe(false);
  });
});
