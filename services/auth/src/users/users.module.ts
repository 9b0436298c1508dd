import { Module } from '@nestjs/common';
import { UserMapper } from './user.mapper.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

@Module({
  controllers: [UsersController],
  providers: [UsersRepository, UsersService, UserMapper],
  exports: [UsersRepository, UserMapper],
})
export class UsersModule {}
