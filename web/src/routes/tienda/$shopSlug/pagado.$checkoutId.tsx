import { createFileRoute } from '@tanstack/react-router';
import { Container } from '@mantine/core';
import { PaidPage } from '@/features/payments/components/paid-page';

/** `?payment=<token>`: the payment read again on a reload. */
function parsePaidSearch(search: Record<string, unknown>): { payment?: string } {
  const value = typeof search.payment === 'string' ? search.payment.trim() : '';
  return value && value.length <= 200 ? { payment: value } : {};
}

/** spec 3 §2 'A path containing pagado: order paid page' (issue 12), inside the shop's frame. */
export const Route = createFileRoute('/tienda/$shopSlug/pagado/$checkoutId')({
  validateSearch: parsePaidSearch,
  component: PaidRoute,
});

function PaidRoute() {
  const { shopSlug, checkoutId } = Route.useParams();
  const { payment } = Route.useSearch();
  return (
    <Container size="lg" w="100%" px={{ base: 'sm', sm: 'md' }}>
      <PaidPage shopSlug={shopSlug} checkoutId={checkoutId} token={payment ?? null} />
    </Container>
  );
}
