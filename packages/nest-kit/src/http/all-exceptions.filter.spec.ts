import { jest } from '@jest/globals';
import {
  type ArgumentsHost,
  BadRequestException,
  Logger,
  NotFoundException,
  PayloadTooLargeException,
} from '@nestjs/common';
import { contactInputSchema, ErrorCode } from '@kith/contracts';
import { firstValueFrom } from 'rxjs';
import { AppError } from '../errors/app-error.js';
import { AllExceptionsFilter, toAppError } from './all-exceptions.filter.js';
import { ZodValidationPipe } from './zod-validation.pipe.js';

function httpHost() {
  const response = {
    statusCode: 0,
    body: undefined as unknown,
    headersSent: false,
    writableEnded: false,
    destroyed: false,
    destroy() {
      this.destroyed = true;
    },
    status(code: number) {
      this.statusCode = code;
      return this;
    },
    json(body: unknown) {
      this.body = body;
      return this;
    },
  };
  const host = {
    getType: () => 'http',
    switchToHttp: () => ({ getResponse: () => response, getRequest: () => undefined }),
  } as unknown as ArgumentsHost;
  return { host, response };
}

describe('AllExceptionsFilter', () => {
  const sut = new AllExceptionsFilter();

  it('writes an AppError as the error envelope with its status', () => {
    const { host, response } = httpHost();
    sut.catch(AppError.notFound('Contact'), host);
    expect(response.statusCode).toBe(404);
    expect(response.body).toEqual({ success: false, error: 'Contact not found', code: 'NOT_FOUND' });
  });

  it('includes field details for validation errors, and the message names the field', () => {
    const { host, response } = httpHost();
    let thrown: unknown;
    try {
      new ZodValidationPipe(contactInputSchema).transform({ firstName: '', lastName: 'X', customReminderDays: 400 });
    } catch (error) {
      thrown = error;
    }
    sut.catch(thrown, host);
    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      error: 'firstName: First name is required; customReminderDays: Must be less than 365 days',
      details: [
        { field: 'firstName', message: 'First name is required' },
        { field: 'customReminderDays', message: 'Must be less than 365 days' },
      ],
    });
  });

  it('maps framework HTTP exceptions and body-parser errors by status', () => {
    expect(toAppError(new NotFoundException('Cannot GET /x'))).toMatchObject({
      code: ErrorCode.NOT_FOUND,
      message: 'Not found',
    });
    expect(toAppError(new PayloadTooLargeException()).code).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
    expect(toAppError(new BadRequestException(['a', 'b'])).message).toBe('a; b');
    expect(toAppError(Object.assign(new Error('request entity too large'), { status: 413 })).code).toBe(
      ErrorCode.PAYLOAD_TOO_LARGE,
    );
  });

  it("words body-parser's JSON errors itself", () => {
    const parseError = Object.assign(new SyntaxError('Unexpected token } in JSON at position 7'), {
      status: 400,
      type: 'entity.parse.failed',
    });
    expect(toAppError(parseError)).toMatchObject({ code: ErrorCode.BAD_REQUEST, message: 'Malformed JSON body' });
  });

  it('leaves an answered response alone, and cuts off a half-written one', () => {
    const answered = httpHost();
    Object.assign(answered.response, { headersSent: true, writableEnded: true, statusCode: 413 });
    sut.catch(new PayloadTooLargeException(), answered.host);
    expect(answered.response).toMatchObject({ statusCode: 413, body: undefined, destroyed: false });

    const halfWritten = httpHost();
    Object.assign(halfWritten.response, { headersSent: true, statusCode: 200 });
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => {});
    sut.catch(new Error('database went away'), halfWritten.host);
    expect(halfWritten.response).toMatchObject({ statusCode: 200, body: undefined, destroyed: true });
  });

  it('hides unexpected errors behind a generic 500', () => {
    const { host, response } = httpHost();
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => {});
    sut.catch(new TypeError('secret internals'), host);
    expect(response.statusCode).toBe(500);
    expect(response.body).toEqual({ success: false, error: 'An unexpected error occurred', code: 'INTERNAL_ERROR' });
  });

  it('answers NATS handlers with a {code, message} error payload', async () => {
    const host = { getType: () => 'rpc' } as unknown as ArgumentsHost;
    const observable = sut.catch(AppError.notFound('User'), host);
    await expect(firstValueFrom(observable!)).rejects.toEqual({ code: 'NOT_FOUND', message: 'User not found' });
  });
});
