import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '@/app/router-context';
import { NotFoundPage } from '@/components/not-found-page';
import { PageShell } from '@/components/layout/page-shell';
import { AuthModalHost } from '@/features/auth/components/auth-modal';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: RootNotFound,
});

/**
 * Every page, plus the log-in/registration modal that any feature opens through `authModal` (web/src/lib/auth-modal-store.ts).
 * Its host renders nothing, and downloads nothing, until a button that opens it is hovered, focused or clicked.
 */
function RootLayout() {
  return (
    <>
      <Outlet />
      <AuthModalHost />
    </>
  );
}

function RootNotFound() {
  return (
    <PageShell>
      <NotFoundPage />
    </PageShell>
  );
}
