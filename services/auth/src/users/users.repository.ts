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
}

const isUniqueViolation = (error: unknown) =>
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

  /** The new user, or null when the email is already taken (the unique index decides, race-free). */
  async createUnlessEmailTaken(user: NewUser): Promise<UserRow | null> {
    try {
      return await this.prisma.user.create({ data: user });
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  /**
   * Creates the user with this fixed id, or resets its name, email and password to the given ones.
   * Null when another account already holds the email.
   */
  async upsertWithId(user: NewUser & { id: string }): Promise<UserRow | null> {
    const { id, ...fields } = user;
    try {
      return await this.prisma.user.upsert({ where: { id }, create: user, update: fields });
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }
}
