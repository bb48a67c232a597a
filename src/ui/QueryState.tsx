import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorStatus } from '../lib/http';
import { LoadError } from './LoadError';
import { LoadingState } from './LoadingState';

/** What a missing object answers: 404, or 403/422 where the server will not say whether it exists. */
export interface NotFound {
  statuses: readonly number[];
  title: ReactNode;
  body?: ReactNode;
  /** h2 where the screen's layout already holds the page's h1. */
  heading?: 'h1' | 'h2';
}

/**
 * The states a screen passes through before it shows its data: loading, not found (for one object), could not load.
 * Data already shown stays on screen when a later refetch fails, so a passing network error does not blank the page.
 */
export function QueryState<T>({
  query,
  notFound,
  error,
  children,
}: {
  query: UseQueryResult<T>;
  notFound?: NotFound;
  error: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState />;
  if (query.data !== undefined) return children(query.data);
  if (notFound?.statuses.includes(errorStatus(query.error) ?? 0)) {
    const Heading = notFound.heading ?? 'h1';
    return (
      <div className="card empty-state" role="status">
        <Heading>{notFound.title}</Heading>
        {notFound.body ? <p>{notFound.body}</p> : null}
      </div>
    );
  }
  return (
    <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching}>
      {error}
    </LoadError>
  );
}
