import { createFileRoute } from '@tanstack/react-router';
import { AccountHeader } from '@/features/account-menu/components/account-header';
import { PreferencesPage } from '@/features/profile/components/preferences-page';

/** spec 1 §2 `/preferencias` outside a shop. */
export const Route = createFileRoute('/preferencias')({
  component: PreferencesRoute,
});

function PreferencesRoute() {
  return <PreferencesPage account={<AccountHeader shopPath="/" />} />;
}
