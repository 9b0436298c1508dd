import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../api/api-error.js';
import { getErrorMessage, serverErrorOr } from './error-message.js';

const fromServer = new ApiError({ message: 'List name is required', status: 400, fromServer: true });
const network = new ApiError({
  message: 'Could not reach the server. Please check your connection.',
  code: 'NETWORK_ERROR',
});

describe('getErrorMessage (the shared wording of failures)', () => {
  it('prefers the supplied fallback, then the error message, then the default', () => {
    expect(getErrorMessage(fromServer, 'Failed to create list')).toBe('Failed to create list');
    expect(getErrorMessage(fromServer)).toBe('List name is required');
    expect(getErrorMessage(new Error('boom'))).toBe('boom');
    expect(getErrorMessage(undefined)).toBe('An unexpected error occurred');
  });
});

describe('serverErrorOr', () => {
  it("uses the server's error field when the server sent one", () => {
    expect(serverErrorOr(fromServer, 'Failed to fetch lists')).toBe('List name is required');
    expect(serverErrorOr(network, 'Failed to fetch lists')).toBe('Failed to fetch lists');
    expect(serverErrorOr(new Error('x'), 'An error occurred. Please try again.')).toBe(
      'An error occurred. Please try again.',
    );
  });
});
