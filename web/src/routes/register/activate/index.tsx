import { createFileRoute } from '@tanstack/react-router';
import { PinConfirmationPage } from '@/features/auth/components/pin-confirmation-page';
import { parsePinScreenSearch } from '@/features/auth/domain/pin-screen-search';

/** spec 2 §2: PIN confirmation after registration. */
export const Route = createFileRoute('/register/activate/')({
  validateSearch: parsePinScreenSearch,
  component: PinConfirmationRoute,
});

function PinConfirmationRoute() {
  return <PinConfirmationPage search={Route.useSearch()} />;
}
