import { createFileRoute } from '@tanstack/react-router';
import { Container } from '@mantine/core';
import { useCallback } from 'react';
import { CheckoutPage, type PaymentSlot } from '@/features/checkout/components/checkout-page';
import { parseCheckoutSearch } from '@/features/checkout/lib/search';
import { PaymentPanel } from '@/features/payments/components/payment-panel';
import { PaymentReturn } from '@/features/payments/components/payment-return';

/**
 * spec 3 §2 'Checkout path: the shop path plus comprar' (issue 11): the single-page checkout, inside the shop's
 * frame. `?checkout=<id>` shows a checkout the cart created; `?supplier=` / `?item=&amount=` create one here.
 * Issue 12: a ready checkout pays here (the payments feature's panel in the checkout's payment step); 3-D Secure and
 * approval pages come back with `&payment=<token>&payment_attempt=<id>` (`&payment_canceled=1` from a cancel).
 */
export const Route = createFileRoute('/tienda/$shopSlug/comprar')({
  validateSearch: parseCheckoutSearch,
  component: CheckoutRoute,
});

/** Where the provider sends the browser back: this checkout, with its token. */
export function checkoutReturnPath(shopSlug: string, checkoutId: string, token: string): string {
  return `/tienda/${encodeURIComponent(shopSlug)}/comprar?${new URLSearchParams({ checkout: checkoutId, payment: token }).toString()}`;
}

function CheckoutRoute() {
  const { shopSlug } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onCheckoutChange = useCallback((checkout: string) => void navigate({ search: { checkout }, replace: true }), [navigate]);
  const toPaid = useCallback(
    (checkoutId: string, token: string) =>
      void navigate({
        to: '/tienda/$shopSlug/pagado/$checkoutId',
        params: { shopSlug, checkoutId },
        search: { payment: token },
        replace: true,
      }),
    [navigate, shopSlug],
  );
  const payment: PaymentSlot = ({ checkout, token, refetch, expire }) => (
    <PaymentPanel
      token={token}
      returnPath={checkoutReturnPath(shopSlug, checkout.id, token)}
      onPaid={() => toPaid(checkout.id, token)}
      onRefused={refetch}
      onCheckoutChanged={refetch}
      onRestart={expire}
    />
  );

  if (search.payment && search.payment_attempt) {
    const token = search.payment;
    const back = () => void navigate({ search: search.checkout ? { checkout: search.checkout } : {}, replace: true });
    return (
      <Container size="lg" w="100%" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
        <PaymentReturn
          token={token}
          attemptId={search.payment_attempt}
          canceled={search.payment_canceled === true}
          onPaid={(attempt) => toPaid(attempt.checkout_id, token)}
          onDone={back}
        />
      </Container>
    );
  }
  return <CheckoutPage shopSlug={shopSlug} search={search} onCheckoutChange={onCheckoutChange} payment={payment} />;
}
