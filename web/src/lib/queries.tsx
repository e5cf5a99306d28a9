import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { ApiError } from './api.ts';

/**
 * TanStack Query, loaded only with the screens that use it (the admin area, the directory, the
 * self-update page): the home page and the forms never download it. One client, so every screen
 * shares the same cache.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refusal (400, 403, 404) answers the same the second time: only network and server errors are retried.
      retry: (failures, error) =>
        failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});

export function withQueries<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  return function WithQueries(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Component {...props} />
      </QueryClientProvider>
    );
  };
}
