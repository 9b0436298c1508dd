/**
 * A service replica that has been told to stop marks every answer with this header while it
 * finishes its work: the gateway takes that replica out of its pool before the replica closes
 * its port, so no request is ever sent to a port that is closing (where a connection can be reset
 * after the request was written, and a POST could then be neither retried nor answered).
 */
export const REPLICA_DRAINING_HEADER = 'x-kith-replica-draining';
