import type { QueryClient } from '@tanstack/react-query';

/**
 * A route loader's part: the screen's queries are in the cache before it shows (`ensureQueryData`
 * on the router context's query client). Entering the route (or preloading it on intent) waits for
 * them. A screen whose filters and page live in the URL passes the loader's `cause`: a filter or
 * page changed on the screen itself ('stay') does not wait, so the screen stays, showing what it
 * holds, while the new page loads. A failure is the screen's to show (LoadError, Try again).
 */
export async function preload(
  context: { queryClient: () => Promise<QueryClient> },
  ensure: (queryClient: QueryClient) => Promise<unknown>,
  cause?: 'preload' | 'enter' | 'stay',
): Promise<void> {
  const loading = context.queryClient().then(ensure).then(
    () => undefined,
    () => undefined,
  );
  if (cause !== 'stay') await loading;
}
