import { NatsSubject } from './subjects.js';

/**
 * Who may do what on the bus. Every process connects to NATS as its own user (named after it),
 * and the server lets it publish and subscribe only where this table says: a process that can
 * reach the bus, or a service that is compromised, cannot read another service's traffic (a
 * password-reset token, say) nor ask for what is not its business.
 */
export const NatsPeer = {
  AUTH: 'auth',
  CONTACTS: 'contacts',
  NOTIFICATIONS: 'notifications',
  GATEWAY: 'gateway',
} as const;
export type NatsPeer = (typeof NatsPeer)[keyof typeof NatsPeer];
export const NATS_PEERS: readonly NatsPeer[] = Object.values(NatsPeer);

/**
 * A request subject is answered by its `owner` (in its queue group) and asked by `peers`; an
 * event subject is published by its `owner` and heard by `peers`.
 */
export interface NatsSubjectAccess {
  kind: 'request' | 'event';
  owner: NatsPeer;
  peers: readonly NatsPeer[];
}

const { AUTH, CONTACTS, NOTIFICATIONS, GATEWAY } = NatsPeer;

/** Every subject must have an entry: a new subject nobody is allowed to use does not compile. */
export const NATS_SUBJECT_ACCESS = {
  [NatsSubject.AUTH_USER_BY_ID]: { kind: 'request', owner: AUTH, peers: [CONTACTS, NOTIFICATIONS] },
  [NatsSubject.AUTH_USERS_BY_IDS]: { kind: 'request', owner: AUTH, peers: [NOTIFICATIONS] },
  [NatsSubject.AUTH_USER_REGISTERED]: { kind: 'event', owner: AUTH, peers: [NOTIFICATIONS] },
  [NatsSubject.AUTH_VERIFY_APP_PASSWORD]: { kind: 'request', owner: AUTH, peers: [CONTACTS] },
  [NatsSubject.CONTACTS_OVERDUE_FOR_USER]: { kind: 'request', owner: CONTACTS, peers: [NOTIFICATIONS] },
  [NatsSubject.CONTACTS_OVERDUE_DIGEST]: { kind: 'request', owner: CONTACTS, peers: [NOTIFICATIONS] },
  [NatsSubject.CONTACTS_UPCOMING_FOR_USER]: { kind: 'request', owner: CONTACTS, peers: [NOTIFICATIONS] },
  [NatsSubject.CONTACTS_CONTACT_FOR_USER]: { kind: 'request', owner: CONTACTS, peers: [NOTIFICATIONS] },
  [NatsSubject.CONTACTS_MARK_CONTACTED_FROM_REMINDER]: { kind: 'request', owner: CONTACTS, peers: [NOTIFICATIONS] },
  [NatsSubject.CONTACTS_SNOOZE_FROM_REMINDER]: { kind: 'request', owner: CONTACTS, peers: [NOTIFICATIONS] },
  [NatsSubject.CONTACTS_REMINDER_DIGEST_FOR_USER]: { kind: 'request', owner: CONTACTS, peers: [NOTIFICATIONS] },
  /** Only auth may ask for a reset mail, and only notifications may read one (it carries the token). */
  [NatsSubject.NOTIFICATIONS_QUEUE_PASSWORD_RESET_MAIL]: { kind: 'request', owner: NOTIFICATIONS, peers: [AUTH] },
  [NatsSubject.NOTIFICATIONS_QUEUE_ACCOUNT_MAIL]: { kind: 'request', owner: NOTIFICATIONS, peers: [AUTH] },
  [NatsSubject.CONTACTS_REVOKE_CALENDAR_FEED]: { kind: 'request', owner: CONTACTS, peers: [AUTH] },
  /** The gateway listens without a queue group: every replica keeps its own list of erased users. */
  [NatsSubject.AUTH_USER_ERASED]: { kind: 'event', owner: AUTH, peers: [GATEWAY] },
  [NatsSubject.AUTH_RECENT_ERASURES]: { kind: 'request', owner: AUTH, peers: [GATEWAY] },
  [NatsSubject.CONTACTS_ERASE_ACCOUNT]: { kind: 'request', owner: CONTACTS, peers: [AUTH] },
  [NatsSubject.NOTIFICATIONS_ERASE_ACCOUNT]: { kind: 'request', owner: NOTIFICATIONS, peers: [AUTH] },
  [NatsSubject.CONTACTS_EXPORT_ACCOUNT_PAGE]: { kind: 'request', owner: CONTACTS, peers: [AUTH] },
  [NatsSubject.NOTIFICATIONS_EXPORT_ACCOUNT_PAGE]: { kind: 'request', owner: NOTIFICATIONS, peers: [AUTH] },
} as const satisfies Record<NatsSubject, NatsSubjectAccess>;

/**
 * Where a peer's replies arrive. Each peer has its own inbox prefix so that no one can subscribe
 * to the answers another peer asked for (the default `_INBOX.>` would be readable by all).
 */
export function natsInboxPrefix(peer: NatsPeer): string {
  return `_INBOX.${peer}`;
}

/** What the server lets one peer do, derived from NATS_SUBJECT_ACCESS. */
export interface NatsPermissions {
  /** Subjects it may publish to: requests it asks, events it announces. */
  publish: string[];
  /** Subjects it may subscribe to: requests it answers, events it hears, its own inbox. */
  subscribe: string[];
  /** Whether it answers requests (may publish once to the reply subject of a request it received). */
  allowResponses: boolean;
}

export function natsPermissionsOf(peer: NatsPeer): NatsPermissions {
  const entries = Object.entries(NATS_SUBJECT_ACCESS) as [NatsSubject, NatsSubjectAccess][];
  const owned = entries.filter(([, access]) => access.owner === peer);
  const used = entries.filter(([, access]) => access.peers.includes(peer));
  const asks = used.some(([, access]) => access.kind === 'request');
  return {
    publish: [
      ...used.filter(([, access]) => access.kind === 'request'),
      ...owned.filter(([, access]) => access.kind === 'event'),
    ].map(([subject]) => subject),
    subscribe: [
      ...owned.filter(([, access]) => access.kind === 'request'),
      ...used.filter(([, access]) => access.kind === 'event'),
    ]
      .map(([subject]): string => subject)
      .concat(asks ? [`${natsInboxPrefix(peer)}.>`] : []),
    allowResponses: owned.some(([, access]) => access.kind === 'request'),
  };
}
