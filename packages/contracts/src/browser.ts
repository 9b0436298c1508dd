/**
 * The browser entry of @kith/contracts: everything except the zod schemas (and NATS subjects),
 * so front-end bundles stay small. The front-end builds alias `@kith/contracts` to this file;
 * schema-derived request types remain importable as types.
 */
export * from './constants.js';
export * from './ui-tuning.js';
export * from './envelope.js';
export * from './vocabulary.js';
export type * from './entities.js';
export type * from './validation.js';
export type * from './account.js';
export * from './two-factor.js';
export * from './step-up.js';
export * from './passkeys.js';
export type * from './passkeys.schemas.js';
export * from './accounts.js';
export type * from './step-up.schemas.js';
export type * from './two-factor.schemas.js';
export * from './calendar.js';
export type * from './vcard.js';
export * from './rules/overdue.js';
export * from './rules/priority.js';
export * from './rules/search.js';
export * from './rules/display.js';
export * from './rules/retry.js';
export * from './rules/snooze.js';
export * from './rules/birthday.js';
export * from './phone-sync.js';
export * from './rules/today.js';
export * from './rules/reminder-days.js';
export * from './rules/control-characters.js';
export * from './api/routes/route.js';
export * from './api/routes/table.js';
export * from './api/routes/api-docs.js';
export type * from './api/routes/operation.types.js';
