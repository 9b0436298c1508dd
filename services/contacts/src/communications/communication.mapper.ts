import type { Communication, CommunicationType } from '@kith/contracts';
import type { CommunicationRecord } from './communication.record.js';

export function toCommunication(row: CommunicationRecord): Communication {
  return {
    _id: row.id,
    contactId: row.contactId,
    type: row.type as CommunicationType,
    timestamp: row.timestamp.toISOString(),
    notes: row.notes,
    duration: row.duration,
    createdAt: row.createdAt.toISOString(),
  };
}
