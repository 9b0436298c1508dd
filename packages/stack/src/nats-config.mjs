// The nats-server configuration of a Kith bus: one user per process with exactly the permissions
// the table in @kith/contracts gives it. The launcher writes it for its own nats-server, and
// deploy/nats-server.conf (docker compose, or an operator's NATS) is the same text.
import { randomBytes } from 'node:crypto';

// Loaded when first needed: `npm start` and `npm test` import @kith/stack before they build
// @kith/contracts, whose dist is what plain Node imports.
const contracts = () => import('@kith/contracts');

/** The variable holding a peer's NATS password: read by nats-server, docker compose and the launcher alike. */
export const natsPasswordVariable = (peer) => `NATS_${peer.toUpperCase()}_PASSWORD`;

/**
 * A random password (192 bits). nats-server parses the value of a `$VARIABLE` as a config value,
 * so a password like `10kb` or `1e5` would become a number: a leading letter and base64url keep it a string.
 */
export function generateNatsPassword() {
  return `k${randomBytes(24).toString('base64url')}`;
}

/** Fresh credentials for every peer: `{ auth: { user: 'auth', password }, ... }`. */
export async function generateNatsCredentials() {
  const { NATS_PEERS } = await contracts();
  return Object.fromEntries(NATS_PEERS.map((peer) => [peer, { user: peer, password: generateNatsPassword() }]));
}

/** Credentials an operator gave by env (NATS_AUTH_PASSWORD, ...); a peer without one connects anonymously. */
export async function natsCredentialsFromEnv(env = process.env) {
  const { NATS_PEERS } = await contracts();
  return Object.fromEntries(
    NATS_PEERS.filter((peer) => env[natsPasswordVariable(peer)]).map((peer) => [
      peer,
      { user: peer, password: env[natsPasswordVariable(peer)] },
    ]),
  );
}

/** The env nats-server needs to resolve the config's password references. */
export function natsServerEnv(credentials) {
  return Object.fromEntries(
    Object.entries(credentials).map(([peer, { password }]) => [natsPasswordVariable(peer), password]),
  );
}

const list = (subjects) => `[${subjects.map((subject) => JSON.stringify(subject)).join(', ')}]`;

/** A permission side: allowed subjects, or everything denied (an empty allow list would not deny). */
const side = (subjects) => (subjects.length ? `{ allow: ${list(subjects)} }` : `{ deny: [">"] }`);

function userBlock(peer, natsPermissionsOf) {
  const { publish, subscribe, allowResponses } = natsPermissionsOf(peer);
  return [
    '    {',
    `      user: ${JSON.stringify(peer)}`,
    `      password: $${natsPasswordVariable(peer)}`,
    '      permissions: {',
    `        publish: ${side(publish)}`,
    `        subscribe: ${side(subscribe)}`,
    ...(allowResponses ? ['        allow_responses: true'] : []),
    '      }',
    '    }',
  ];
}

/**
 * The nats-server configuration text. Passwords are `$NATS_<PEER>_PASSWORD` references resolved
 * from nats-server's environment, so the file holds no secret and one text serves everywhere.
 * Listen address and port come from the command line (or nats-server's defaults); further blocks
 * (a `cluster { ... }` for several nodes) belong after the authorization block.
 */
export async function natsServerConfig() {
  const { NATS_PEERS, natsPermissionsOf } = await contracts();
  return [
    '# Generated from the NATS permission table in @kith/contracts (packages/stack/src/nats-config.mjs);',
    '# regenerate with `node scripts/nats-config.mjs > deploy/nats-server.conf`, do not edit by hand.',
    '# Every Kith process connects as its own user and may publish and subscribe only where its',
    '# role needs; replies come back under its own inbox (_INBOX.<user>.>). Anonymous clients are refused.',
    '# Passwords come from the environment: ' + NATS_PEERS.map((peer) => natsPasswordVariable(peer)).join(', ') + '.',
    'authorization {',
    '  users = [',
    ...NATS_PEERS.flatMap((peer) => userBlock(peer, natsPermissionsOf)),
    '  ]',
    '}',
    '',
  ].join('\n');
}
