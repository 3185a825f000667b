import { createFileRoute, redirect } from '@tanstack/react-router';
import { ActivatePinPage } from '@/features/auth/components/activate-pin-page';
import { text } from '@/features/auth/domain/pin-screen-search';

/**
 * spec 2 §2 `/activate/pin/`: with a registration code it is the PIN confirmation screen (/register/activate/,
 * same query); without one, the activation form (e-mail, PIN, optional new password).
 */
export const Route = createFileRoute('/activate/pin/')({
  validateSearch: (raw: Record<string, unknown>): { username?: string; next?: string } => {
    const username = text(raw.username);
    const next = text(raw.next);
    return { ...(username ? { username } : {}), ...(next ? { next } : {}) };
  },
  beforeLoad: ({ location }) => {
    if (text((location.search as Record<string, unknown>).code)) {
      throw redirect({ href: `/register/activate/${location.searchStr}`, replace: true });
    }
  },
  component: ActivatePinRoute,
});

function ActivatePinRoute() {
  const { username, next } = Route.useSearch();
  return <ActivatePinPage username={username} next={next} />;
}
