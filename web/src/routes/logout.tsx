import { createFileRoute } from '@tanstack/react-router';
import { LogoutPage } from '@/features/auth/components/logout-page';
import { text } from '@/features/auth/domain/pin-screen-search';

/** spec 2 §2 `/logout?next={shopPath}`. */
export const Route = createFileRoute('/logout')({
  validateSearch: (raw: Record<string, unknown>): { next?: string } => {
    const next = text(raw.next);
    return next ? { next } : {};
  },
  component: LogoutRoute,
});

function LogoutRoute() {
  return <LogoutPage next={Route.useSearch().next} />;
}
