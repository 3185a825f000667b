import { createFileRoute } from '@tanstack/react-router';
import { PlatformFrame } from '@/components/layout/platform-frame';
import { PlatformAccount } from '../../-platform-account';
import { StandalonePaymentPage } from '@/features/payments/components/standalone-payment-page';

interface MePaymentSearch {
  payment_attempt?: string;
  payment_canceled?: boolean;
}

function parseSearch(search: Record<string, unknown>): MePaymentSearch {
  const result: MePaymentSearch = {};
  const attempt = typeof search.payment_attempt === 'string' ? search.payment_attempt.trim() : '';
  if (attempt && attempt.length <= 200) result.payment_attempt = attempt;
  if (search.payment_canceled === 1 || search.payment_canceled === '1' || search.payment_canceled === true) result.payment_canceled = true;
  return result;
}

/**
 * spec 2 §2 `/me/payments/{payment_token}` (environment me): the payment page a package purchase sends the user to,
 * the same payment UI as the checkout's, outside any shop.
 */
export const Route = createFileRoute('/me/payments/$token')({
  validateSearch: parseSearch,
  component: MePaymentRoute,
});

function MePaymentRoute() {
  const { token } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PlatformFrame account={<PlatformAccount />} size="md" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <StandalonePaymentPage
        token={token}
        paymentAttempt={search.payment_attempt}
        paymentCanceled={search.payment_canceled === true}
        onReturnHandled={() => void navigate({ search: {}, replace: true })}
      />
    </PlatformFrame>
  );
}
