export * from './request-context.js';
export * from './route-label.js';
export * from './metrics.js';
export * from './logging.js';
export * from './http-observability.js';
export * from './rpc-observability.interceptor.js';
