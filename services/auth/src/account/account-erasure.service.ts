import {
  AccountMessage,
  ErasingService,
  ErrorMessage,
  type MessageResponse,
  NatsSubject,
  type SecondFactor,
  type UserErasedEvent,
} from '@kith/contracts';
import { AppError, NatsClient } from '@kith/nest-kit';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { StepUpService } from '../step-up/step-up.service.js';
import { UsersRepository } from '../users/users.repository.js';
import { AccountErasureWorker } from './account-erasure.worker.js';
import { AccountErasuresRepository, userIdHash } from './account-erasures.repository.js';

/** "Delete my account": erases the user everywhere, durably (GDPR right to erasure). */
@Injectable()
export class AccountErasureService {
  private readonly logger = new Logger(AccountErasureService.name);

  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(StepUpService) private readonly stepUp: StepUpService,
    @Inject(AccountErasuresRepository) private readonly erasures: AccountErasuresRepository,
    @Inject(AccountErasureWorker) private readonly worker: AccountErasureWorker,
    @Inject(NatsClient) private readonly nats: NatsClient,
  ) {}

  /**
   * A wrong password (or, with two-factor sign-in on, a missing or wrong code) is a 401 and changes nothing. Otherwise auth's rows go at once (sessions
   * end), gateways are told to refuse the user's access tokens, and the other services are asked
   * to erase theirs; an unanswered request stays filed and is retried until acknowledged.
   */
  async deleteAccount(userId: string, password: string, factor: SecondFactor | null): Promise<MessageResponse> {
    // The body is the step-up: the password, and a second factor when two-factor sign-in is on.
    await this.stepUp.prove(userId, password, factor);
    const user = await this.users.findById(userId);
    if (!user) throw AppError.unauthorized(ErrorMessage.UNAUTHORIZED);
    await this.erasures.eraseUserAndFileRequests(user, Object.values(ErasingService));
    const event: UserErasedEvent = { userIdHash: userIdHash(userId) };
    await this.nats.emit(NatsSubject.AUTH_USER_ERASED, event).catch((error: Error) => {
      // Gateways also reload the erased users when they start and every minute, so a lost
      // event shortens nothing but the delay.
      this.logger.error(`Could not publish ${NatsSubject.AUTH_USER_ERASED}: ${error.message}`);
    });
    const complete = await this.worker.deliverFor(userId);
    if (!complete) this.logger.warn(`Account ${userId} deleted; erasure in other services pending until they answer`);
    return { message: AccountMessage.DELETED };
  }

  recentErasures(): Promise<string[]> {
    return this.erasures.recentErasedHashes(new Date());
  }
}
