import { createFileRoute } from '@tanstack/react-router';
import { ActivationLinkPage } from '@/features/auth/components/activation-link-page';

/** spec 2 §2: the account activation link sent by e-mail or SMS. */
export const Route = createFileRoute('/activate/$key')({
  component: ActivationLinkRoute,
});

function ActivationLinkRoute() {
  const { key } = Route.useParams();
  return <ActivationLinkPage key={key} activationKey={key} />;
}
