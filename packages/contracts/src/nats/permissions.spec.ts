import {
  NATS_PEERS,
  NATS_SUBJECT_ACCESS,
  NatsPeer,
  type NatsSubjectAccess,
  natsInboxPrefix,
  natsPermissionsOf,
} from './permissions.js';
import { NatsSubject } from './subjects.js';

const RESET = NatsSubject.NOTIFICATIONS_QUEUE_PASSWORD_RESET_MAIL;

describe('natsPermissionsOf', () => {
  it('lets only auth ask for a reset mail and only notifications receive one', () => {
    for (const peer of NATS_PEERS) {
      const { publish, subscribe } = natsPermissionsOf(peer);
      expect(publish.includes(RESET)).toBe(peer === NatsPeer.AUTH);
      expect(subscribe.includes(RESET)).toBe(peer === NatsPeer.NOTIFICATIONS);
    }
  });

  it('gives a requester its own inbox only, and answerers the right to reply', () => {
    expect(natsPermissionsOf(NatsPeer.AUTH)).toMatchObject({
      subscribe: expect.arrayContaining(['_INBOX.auth.>']),
      allowResponses: true,
    });
    expect(natsPermissionsOf(NatsPeer.GATEWAY)).toEqual({
      publish: [NatsSubject.AUTH_RECENT_ERASURES],
      subscribe: [NatsSubject.AUTH_USER_ERASED, '_INBOX.gateway.>'],
      allowResponses: false,
    });
    for (const peer of NATS_PEERS) {
      const { publish, subscribe } = natsPermissionsOf(peer);
      expect(subscribe.filter((subject) => subject.startsWith('_INBOX'))).toEqual([`${natsInboxPrefix(peer)}.>`]);
      expect([...publish, ...subscribe].some((subject) => subject.includes('*') || subject === '>')).toBe(false);
    }
  });

  it('grants each subject to exactly its owner and peers, on the side their role needs', () => {
    for (const [subject, access] of Object.entries(NATS_SUBJECT_ACCESS) as [string, NatsSubjectAccess][]) {
      const [publishers, subscribers] =
        access.kind === 'request' ? [access.peers, [access.owner]] : [[access.owner], access.peers];
      for (const peer of NATS_PEERS) {
        const { publish, subscribe } = natsPermissionsOf(peer);
        expect([subject, peer, publish.includes(subject)]).toEqual([subject, peer, publishers.includes(peer)]);
        expect([subject, peer, subscribe.includes(subject)]).toEqual([subject, peer, subscribers.includes(peer)]);
      }
    }
  });

  it('has an entry for every subject', () => {
    expect(Object.keys(NATS_SUBJECT_ACCESS).sort()).toEqual(Object.values(NatsSubject).sort());
  });
});
