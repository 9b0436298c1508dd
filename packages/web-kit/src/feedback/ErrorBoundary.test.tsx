import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ErrorBoundary, FormErrorBoundary, LoadingErrorFallback, ScreenLoadError } from './ErrorBoundary.js';

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

describe('named fallbacks', () => {
  it("'Reload Contacts' reloads the data, shows 'Retrying...' and clears the fallback once the screen renders", async () => {
    jest.useFakeTimers();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let healthy = false;
    const reload = jest.fn(async () => {
      healthy = true;
    });
    function Screen() {
      if (!healthy) throw new ScreenLoadError('Failed to load contacts');
      return <p>Contacts loaded</p>;
    }
    render(
      <ErrorBoundary
        onRetry={reload}
        fallback={(state) => (
          <LoadingErrorFallback title="Contacts Loading Error" actionLabel="Reload Contacts" {...state} />
        )}
      >
        <Screen />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Contacts Loading Error' })).toBeTruthy();
    expect(screen.getByText('Failed to load contacts')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Reload Contacts' }));
    expect(screen.getByText('Retrying...')).toBeTruthy();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1_000);
    });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Contacts loaded')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Contacts Loading Error' })).toBeNull();
    jest.useRealTimers();
  });

  it('counts failed reloads, then offers only Refresh Page', async () => {
    jest.useFakeTimers();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = jest.fn(async () => undefined);
    render(
      <ErrorBoundary
        onRetry={reload}
        fallback={(state) => (
          <LoadingErrorFallback title="Dashboard Loading Error" actionLabel="Reload Dashboard" {...state} />
        )}
      >
        <Broken />
      </ErrorBoundary>,
    );
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      fireEvent.click(screen.getByRole('button', { name: 'Reload Dashboard' }));
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1_000);
      });
      if (attempt < 3) expect(screen.getByText(`Retry attempt ${attempt} of 3 failed.`)).toBeTruthy();
    }
    expect(reload).toHaveBeenCalledTimes(3);
    expect(screen.getByText('Maximum retry attempts reached')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reload Dashboard' })).toBeNull();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Refresh Page']);
    jest.useRealTimers();
  });

  it("a crash inside a form shows 'Form Error' in place of the form only", () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <div>
        <h1>Page stays</h1>
        <FormErrorBoundary>
          <Broken />
        </FormErrorBoundary>
      </div>,
    );
    expect(screen.getByRole('heading', { name: 'Page stays' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Form Error' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
