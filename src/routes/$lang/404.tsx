import { createFileRoute } from '@tanstack/react-router';
import { NotFoundScreen } from '../../features/errors/NotFoundScreen';

export const Route = createFileRoute('/$lang/404')({
  component: NotFoundScreen,
});
