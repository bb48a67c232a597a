import { QueryClient } from '@tanstack/react-query';

/**
 * The one TanStack Query cache of the content screens (articles, services, calendar).
 * Deliberately outside `src/lib` (the `shell` chunk of vite.config.ts): only those screens load
 * TanStack Query, so the sign-in path stays without it. Components pass this client to
 * `useQuery(options, queryClient)` rather than relying on a provider at the root.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      retry: 1,
      refetchOnWindowFocus: false,
    },
  },
});
