import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ErrorBoundary } from './ErrorBoundary.js';

function Broken(): never {
  throw new Error('render failed');
}

describe('ErrorBoundary', () => {
  it('allows three retries, then only Refresh Page', async () => {
    jest.useFakeTimers();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    expect(screen.getByText('We encountered an unexpected error.')).toBeTruthy();

    for (let attempt = 1; attempt <= 3; attempt += 1) {
      fireEvent.click(screen.getByRole('button', { name: /try again/i }));
      expect(screen.getByText('Retrying...')).toBeTruthy();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1_000);
      });
      if (attempt < 3) expect(screen.getByText(`Retry attempt ${attempt} of 3 failed.`)).toBeTruthy();
    }

    expect(screen.getByText('Maximum retry attempts reached')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /try again/i })).toBeNull();
    expect(screen.getByRole('button', { name: /refresh page/i })).toBeTruthy();
    jest.useRealTimers();
  });
});
