import type { User } from '@kith/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { UserMapper } from './user.mapper.js';
import { UsersRepository } from './users.repository.js';

/** Read access to users for other services (over NATS). */
@Injectable()
export class UsersService {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(UserMapper) private readonly mapper: UserMapper,
  ) {}

  async findById(userId: string): Promise<User | null> {
    const row = await this.users.findById(userId);
    return row ? this.mapper.toUser(row) : null;
  }

  async findByIds(userIds: readonly string[]): Promise<User[]> {
    return (await this.users.findByIds(userIds)).map((row) => this.mapper.toUser(row));
  }
}
