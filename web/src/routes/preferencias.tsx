import { createFileRoute } from '@tanstack/react-router';
import { PlatformAccount } from './-platform-account';
import { PreferencesPage } from '@/features/profile/components/preferences-page';

/** spec 1 §2 `/preferencias` outside a shop. */
export const Route = createFileRoute('/preferencias')({
  component: PreferencesRoute,
});

function PreferencesRoute() {
  return <PreferencesPage account={<PlatformAccount />} />;
}
