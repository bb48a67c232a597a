import { createFileRoute } from '@tanstack/react-router';
import { NotFoundScreen } from '../../features/errors/NotFoundScreen';

/** Seed: any unknown path under a language shows the not-found page. */
export const Route = createFileRoute('/$lang/$')({
  component: NotFoundScreen,
});
