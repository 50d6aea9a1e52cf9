import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render as rtlRender, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { theme } from '@/app/theme';

/** A fresh QueryClient per test: no retries, no shared cache. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

/** The app's providers (Mantine theme, React Query) around a test tree. */
export function TestProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient ?? createTestQueryClient()}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

/** Testing Library's render wrapped in the app's providers. */
export function render(ui: ReactElement, options: RenderOptions & { queryClient?: QueryClient } = {}) {
  const { queryClient = createTestQueryClient(), ...rest } = options;
  return {
    queryClient,
    ...rtlRender(ui, { wrapper: ({ children }) => <TestProviders queryClient={queryClient}>{children}</TestProviders>, ...rest }),
  };
}
