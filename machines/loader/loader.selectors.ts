import type { SnapshotFrom } from 'xstate';
import type { loaderMachine } from './loader.machine';

export type LoaderSnapshot = SnapshotFrom<typeof loaderMachine>;

export const selectIsLoading = (snapshot: LoaderSnapshot): boolean => snapshot.matches('visible');

export const selectPending = (snapshot: LoaderSnapshot): number => snapshot.context.count;
