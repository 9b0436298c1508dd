import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createQueryClient } from '../data/query-client.js';

/** Renders with a cache of its own, as the shell provides one, so no test sees another's data. */
export function renderWithClient(ui: ReactElement, options: RenderOptions = {}, client = createQueryClient()) {
  return {
    client,
    ...render(ui, {
      ...options,
      wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    }),
  };
}
