import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '@/app/router-context';
import { NotFoundPage } from '@/components/not-found-page';
import { PageShell } from '@/components/layout/page-shell';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: RootNotFound,
});

function RootNotFound() {
  return (
    <PageShell>
      <NotFoundPage />
    </PageShell>
  );
}
