import { QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * The one TanStack Query cache of the signed-in screens. Deliberately outside `src/lib` (the
 * `shell` chunk of vite.config.ts): only signed-in screens load TanStack Query, so the sign-in
 * path stays without it. Route loaders reach it through the router context's `load`
 * (src/router.tsx, src/routes/-preloads.ts), which loads it on first use; components pass it to
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

/**
 * Money and account data (balances, history, requests): what a route loader has just fetched
 * serves its screen; a later visit shows what is held while it loads afresh; a failed load is not
 * retried on its own but waits for the screen's Try again (LoadError).
 */
export const FRESH_PER_VISIT = { staleTime: 5_000, retry: false, retryOnMount: false } as const;

/**
 * The page loader (seed: content hidden while loading) is for what a screen does not have yet. A
 * query refreshing what the screen already shows (a realtime event, a revisit, a wallet move) loads
 * behind it: hiding the page for it would drop the keys the client is typing into a form there.
 * Pass it as the request's options from a queryFn: `({ queryKey }) => fetchX(loaderUnlessHeld(queryKey))`.
 */
export function loaderUnlessHeld(queryKey: QueryKey): { loader: boolean } {
  return { loader: queryClient.getQueryData(queryKey) === undefined };
}

/**
 * Shows a whole value the server has just told, by a realtime event or in a mutation's answer,
 * in place of what a query holds. A fetch of the same query started before may still be on its
 * way and would answer with the value from before, overwriting the newer one when it lands: it
 * is cancelled first (the query returns to what it held), then the value is set. Not for events
 * that change part of what is held (a tick on an account's state, a room in a list): cancelling
 * a reload for each of those could keep it from ever finishing.
 */
export async function showLatest<T>(queryKey: QueryKey, value: T): Promise<void> {
  await queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData(queryKey, value);
}
