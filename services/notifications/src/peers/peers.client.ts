import { Inject, Injectable } from '@nestjs/common';
import {
  type ContactForUserRequest,
  type ContactForUserResponse,
  NatsSubject,
  type OverdueDigestRequest,
  type OverdueDigestResponse,
  type OverdueForUserRequest,
  type OverdueForUserResponse,
  type ReminderDigestForUserRequest,
  type ReminderDigestForUserResponse,
  type ReminderActionRequest,
  type ReminderActionResponse,
  type SnoozeFromReminderRequest,
  type UpcomingForUserRequest,
  type UpcomingForUserResponse,
  type User,
  type UserByIdRequest,
  type UserByIdResponse,
  type UsersByIdsRequest,
  type UsersByIdsResponse,
} from '@kith/contracts';
import { AppError, NatsClient } from '@kith/nest-kit';

/**
 * What this service asks auth and contacts over NATS. Each call throws an AppError (503 when the
 * peer is down or silent), so callers never mistake an outage for "nothing to do".
 */
@Injectable()
export class PeersClient {
  constructor(@Inject(NatsClient) private readonly nats: NatsClient) {}

  async userById(userId: string): Promise<User> {
    const user = await this.nats.request<UserByIdResponse, UserByIdRequest>(NatsSubject.AUTH_USER_BY_ID, { userId });
    if (!user) throw AppError.notFound('User');
    return user;
  }

  /** The user, or null when there is no such account (any more). */
  findUser(userId: string): Promise<UserByIdResponse> {
    return this.nats.request<UserByIdResponse, UserByIdRequest>(NatsSubject.AUTH_USER_BY_ID, { userId });
  }

  usersByIds(userIds: string[]): Promise<UsersByIdsResponse> {
    return this.nats.request<UsersByIdsResponse, UsersByIdsRequest>(NatsSubject.AUTH_USERS_BY_IDS, { userIds });
  }

  overdueDigest(request: OverdueDigestRequest): Promise<OverdueDigestResponse> {
    return this.nats.request<OverdueDigestResponse, OverdueDigestRequest>(NatsSubject.CONTACTS_OVERDUE_DIGEST, request);
  }

  overdueForUser(request: OverdueForUserRequest): Promise<OverdueForUserResponse> {
    return this.nats.request<OverdueForUserResponse, OverdueForUserRequest>(
      NatsSubject.CONTACTS_OVERDUE_FOR_USER,
      request,
    );
  }

  contactForUser(request: ContactForUserRequest): Promise<ContactForUserResponse> {
    return this.nats.request<ContactForUserResponse, ContactForUserRequest>(
      NatsSubject.CONTACTS_CONTACT_FOR_USER,
      request,
    );
  }

  markContactedFromReminder(request: ReminderActionRequest): Promise<ReminderActionResponse> {
    return this.nats.request<ReminderActionResponse, ReminderActionRequest>(
      NatsSubject.CONTACTS_MARK_CONTACTED_FROM_REMINDER,
      request,
    );
  }

  snoozeFromReminder(request: SnoozeFromReminderRequest): Promise<ReminderActionResponse> {
    return this.nats.request<ReminderActionResponse, SnoozeFromReminderRequest>(
      NatsSubject.CONTACTS_SNOOZE_FROM_REMINDER,
      request,
    );
  }

  reminderDigestForUser(request: ReminderDigestForUserRequest): Promise<ReminderDigestForUserResponse> {
    return this.nats.request<ReminderDigestForUserResponse, ReminderDigestForUserRequest>(
      NatsSubject.CONTACTS_REMINDER_DIGEST_FOR_USER,
      request,
    );
  }

  upcomingForUser(request: UpcomingForUserRequest): Promise<UpcomingForUserResponse> {
    return this.nats.request<UpcomingForUserResponse, UpcomingForUserRequest>(
      NatsSubject.CONTACTS_UPCOMING_FOR_USER,
      request,
    );
  }
}
