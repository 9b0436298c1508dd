// The server entry: the browser entry's constants, types and rules, plus the zod schemas and the
// NATS subjects with their payloads (which front-end bundles leave out).
export * from './browser.js';
export * from './validation.js';
export * from './entities.js';
export * from './account.js';
export * from './accounts.js';
export * from './vcard.js';
export * from './nats/subjects.js';
export * from './nats/permissions.js';
export * from './nats/overdue.schemas.js';
export * from './nats/user-requests.schemas.js';
export * from './nats/account.schemas.js';
export * from './two-factor.schemas.js';
export * from './step-up.schemas.js';
export * from './passkeys.schemas.js';
export * from './nats/app-passwords.schemas.js';
export * from './nats/reminder-actions.schemas.js';
export * from './api/envelope.schemas.js';
export * from './api/routes/catalogue.js';
export * from './api/routes/route.schemas.js';
export * from './api/openapi.js';
export * from './observability/request-id.js';
export * from './observability/replica-draining.js';
