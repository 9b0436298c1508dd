import { DEMO_USER_ID } from '@kith/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { Prisma, type User as UserRow } from '../generated/prisma/client.js';
import { PrismaService } from '../database/prisma.service.js';

export interface NewUser {
  id?: string;
  firstName: string;
  lastName: string;
  /** Already lowercased by the request schema. */
  email: string;
  passwordHash: string;
  /** Set when the address is proven at creation (an invitation to it, or no proof asked). */
  emailVerifiedAt?: Date | null;
}

/** Whether an account may be created, decided with the first-account lock held. */
export type RegistrationDecision =
  /** Create it; `firstAccount` when the instance had no account yet (it becomes the operator). */
  { allowed: true; firstAccount: boolean; emailVerifiedAt?: Date | null } | { allowed: false };

/** Serialises registrations that may make the first account (and so the operator). */
const FIRST_ACCOUNT_LOCK = 7_204_118_001;

type Db = Prisma.TransactionClient | PrismaService;

export const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

@Injectable()
export class UsersRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  /** Ids are checked (and lower-cased) by the request schemas before they get here. */
  findById(id: string): Promise<UserRow | null> {
    return this.prisma.user.findUnique({ where: { id } });
  }

  findByIds(ids: readonly string[]): Promise<UserRow[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return Promise.resolve([]);
    return this.prisma.user.findMany({ where: { id: { in: unique } } });
  }

  findByEmail(email: string): Promise<UserRow | null> {
    return this.prisma.user.findUnique({ where: { email } });
  }

  /**
   * Creates the user when `decide` allows it, given whether the instance has an account yet (the
   * demo account does not count). The check and the insert run under one advisory lock, so of two
   * registrations on an empty instance exactly one is the first account. 'refused' when `decide`
   * refused; null when the email is taken (the unique index decides, race-free).
   */
  async createIfAllowed(
    user: NewUser,
    decide: (instanceIsEmpty: boolean) => Promise<RegistrationDecision>,
  ): Promise<UserRow | 'refused' | null> {
    try {
      return await this.prisma.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${FIRST_ACCOUNT_LOCK}::bigint)`;
        const others = await tx.user.count({ where: { id: { not: DEMO_USER_ID } }, take: 1 });
        const decision = await decide(others === 0);
        if (!decision.allowed) return 'refused' as const;
        return tx.user.create({
          data: {
            ...user,
            firstAccount: decision.firstAccount,
            emailVerifiedAt: decision.emailVerifiedAt ?? user.emailVerifiedAt ?? null,
          },
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  updateName(id: string, name: { firstName: string; lastName: string }): Promise<UserRow> {
    return this.prisma.user.update({ where: { id }, data: name });
  }

  /** A new password: credentials_changed_at moves, so links sent before it stop acting. */
  setPasswordHash(db: Db, id: string, passwordHash: string, now: Date): Promise<UserRow> {
    return db.user.update({ where: { id }, data: { passwordHash, credentialsChangedAt: now } });
  }

  /** A confirmed new address (proven by the link just used); credentials_changed_at moves too. */
  setVerifiedEmail(db: Db, id: string, email: string, now: Date): Promise<UserRow> {
    return db.user.update({ where: { id }, data: { email, emailVerifiedAt: now, credentialsChangedAt: now } });
  }

  markEmailVerified(db: Db, id: string, now: Date): Promise<UserRow> {
    return db.user.update({ where: { id }, data: { emailVerifiedAt: now } });
  }

  /**
   * Creates the user with this fixed id, or resets its name, email and password to the given ones.
   * Null when another account already holds the email.
   */
  async upsertWithId(user: NewUser & { id: string }): Promise<UserRow | null> {
    const { id, ...fields } = user;
    try {
      // The demo account is proven (its address is not a real mailbox anyone could claim).
      return await this.prisma.user.upsert({
        where: { id },
        create: { ...user, emailVerifiedAt: new Date() },
        update: fields,
      });
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }
}
