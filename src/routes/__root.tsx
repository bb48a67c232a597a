import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../router-context';
import { AlertHost } from '../ui/AlertHost';
import { ProgressBar } from '../ui/ProgressBar';
import { StepUpHost } from '../ui/StepUpHost';
import { RouteError } from '../features/errors/RouteError';
import { NotFoundScreen } from '../features/errors/NotFoundScreen';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  errorComponent: RouteError,
  notFoundComponent: NotFoundScreen,
});

function Root() {
  return (
    <>
      <ProgressBar />
      <Outlet />
      <AlertHost />
      <StepUpHost />
    </>
  );
}
