import { createFileRoute } from '@tanstack/react-router';
import { UnauthorizedScreen } from '../../features/errors/UnauthorizedScreen';

export const Route = createFileRoute('/$lang/unauthorized')({
  component: UnauthorizedScreen,
});
