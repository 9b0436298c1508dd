/**
 * The browser entry of @kith/contracts: everything except the zod schemas (and NATS subjects),
 * so front-end bundles stay small. The front-end builds alias `@kith/contracts` to this file;
 * schema-derived request types remain importable as types.
 */
export * from './constants.js';
export * from './envelope.js';
export * from './vocabulary.js';
export type * from './entities.js';
export type * from './validation.js';
export * from './rules/overdue.js';
export * from './rules/display.js';
export * from './rules/retry.js';
