import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import { currentRequestId } from './request-context.js';

/**
 * What never reaches a log line even when someone logs a whole object: credentials, tokens,
 * reset links and mail bodies. Request lines carry only method, route template, status and time.
 */
export const REDACTED_PATHS = [
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'accessToken',
  'refreshToken',
  'resetUrl',
  'resetLink',
  'html',
  'text',
  'authorization',
  'cookie',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.resetUrl',
  '*.resetLink',
  '*.html',
  '*.text',
  '*.authorization',
  '*.cookie',
  'req.headers',
];

export type LogFormat = 'json' | 'pretty';

export function logFormatFrom(value: string | undefined): LogFormat {
  return value === 'json' ? 'json' : 'pretty';
}

let root: Logger | undefined;

/**
 * The process's one pino logger: JSON lines with `LOG_FORMAT=json` (docker compose, log
 * shippers), a readable coloured console otherwise (`npm start`). `destination` is for tests.
 */
export function createRootLogger(
  service: string,
  {
    format = logFormatFrom(process.env.LOG_FORMAT),
    destination,
  }: { format?: LogFormat; destination?: pino.DestinationStream } = {},
): Logger {
  const options: pino.LoggerOptions = {
    base: { service },
    level: process.env.LOG_LEVEL ?? 'info',
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
  const stream =
    destination ??
    (format === 'json'
      ? pino.destination({ sync: true })
      : pretty({ sync: true, colorize: true, singleLine: true, ignore: 'pid,hostname,service' }));
  root = pino(options, stream);
  return root;
}

export function rootLogger(): Logger {
  root ??= createRootLogger('kith');
  return root;
}

/** Nest's own logging (boot, `new Logger(...)` in services) through pino, with the current request id. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger = rootLogger()) {}

  private write(level: 'info' | 'warn' | 'error' | 'debug' | 'trace', message: unknown, params: unknown[]): void {
    const context = typeof params.at(-1) === 'string' ? (params.at(-1) as string) : undefined;
    const requestId = currentRequestId();
    const fields = { ...(context ? { context } : {}), ...(requestId ? { requestId } : {}) };
    if (message instanceof Error) this.logger[level]({ ...fields, err: message }, message.message);
    else if (typeof message === 'string') this.logger[level](fields, message);
    else this.logger[level]({ ...fields, detail: message });
  }

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    // Nest passes (message, stack, context); the stack is kept, under `stack`.
    const stack = typeof params[0] === 'string' && params.length > 1 ? params[0] : undefined;
    this.write('error', stack ? `${String(message)}\n${stack}` : message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
}
