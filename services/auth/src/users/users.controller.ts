import {
  NatsSubject,
  type UserByIdRequest,
  type UserByIdResponse,
  type UsersByIdsRequest,
  type UsersByIdsResponse,
  userByIdRequestSchema,
  usersByIdsRequestSchema,
} from '@kith/contracts';
import { validate } from '@kith/nest-kit';
import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { UsersService } from './users.service.js';

/** NATS request handlers: other services look users up here, never in auth's database. */
@Controller()
export class UsersController {
  constructor(@Inject(UsersService) private readonly users: UsersService) {}

  @MessagePattern(NatsSubject.AUTH_USER_BY_ID)
  byId(@Payload(validate(userByIdRequestSchema)) request: UserByIdRequest): Promise<UserByIdResponse> {
    return this.users.findById(request.userId);
  }

  @MessagePattern(NatsSubject.AUTH_USERS_BY_IDS)
  byIds(@Payload(validate(usersByIdsRequestSchema)) request: UsersByIdsRequest): Promise<UsersByIdsResponse> {
    return this.users.findByIds(request.userIds);
  }
}
