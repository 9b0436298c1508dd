export * from './constants.js';
export * from './envelope.js';
export * from './validation.js';
export * from './entities.js';
export * from './nats.js';
export * from './rules/overdue.js';
export * from './rules/display.js';
export * from './rules/retry.js';
