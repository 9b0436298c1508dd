import { randomBytes } from 'node:crypto';
import { type Algorithm, hash, type Options, verify } from '@node-rs/argon2';

/** OWASP password storage cheat sheet: argon2id, 19 MiB, 2 passes, 1 lane. */
export const ARGON2_OPTIONS = {
  // `Algorithm` is a const enum the runtime does not export; 2 is its Argon2id member.
  algorithm: 2 satisfies Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const satisfies Options;

/** Hashes and checks passwords with argon2id. */
export class PasswordHasher {
  /** Checked when the email is unknown, so a login costs the same either way. */
  private readonly dummyHash: Promise<string>;

  constructor(private readonly options: Options = ARGON2_OPTIONS) {
    this.dummyHash = hash(randomBytes(32), options);
  }

  hash(password: string): Promise<string> {
    return hash(password, this.options);
  }

  /** False for a wrong password or a malformed hash; never throws for bad input. */
  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }

  /** Spends one verification on a hash nobody can match: time parity for unknown emails. */
  async verifyAgainstDummy(password: string): Promise<false> {
    await this.verify(await this.dummyHash, password);
    return false;
  }
}
