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
    const passwordHash = await sut.hash('correct horse');
    await sut.verifyAgainstDummy('warm-up');
    const median = async (run: () => Promise<unknown>) => {
      const times: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const start = performance.now();
        await run();
        times.push(performance.now() - start);
      }
      return times.sort((a, b) => a - b)[2]!;
    };
    const realVerify = await median(() => sut.verify(passwordHash, 'wrong password'));
    const dummyVerify = await median(() => sut.verifyAgainstDummy('wrong password'));
    await expect(sut.verifyAgainstDummy('anything')).resolves.toBe(false);
    expect(dummyVerify).toBeGreaterThan(realVerify * 0.5);
    expect(dummyVerify).toBeLessThan(realVerify * 2);
  });
});
