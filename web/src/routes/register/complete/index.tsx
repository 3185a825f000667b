import { createFileRoute } from '@tanstack/react-router';
import { RegisterCompletePage } from '@/features/auth/components/register-complete-page';
import { parseRegisterCompleteSearch } from '@/features/auth/domain/pin-screen-search';

/** spec 2 §2: landing after an SMS registration. */
export const Route = createFileRoute('/register/complete/')({
  validateSearch: parseRegisterCompleteSearch,
  component: RegisterCompleteRoute,
});

function RegisterCompleteRoute() {
  return <RegisterCompletePage search={Route.useSearch()} />;
}
