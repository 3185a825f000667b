import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { CheckoutPage } from '@/features/checkout/components/checkout-page';
import { parseCheckoutSearch } from '@/features/checkout/lib/search';

/**
 * spec 3 §2 'Checkout path: the shop path plus comprar' (issue 11): the single-page checkout, inside the shop's
 * frame. `?checkout=<id>` shows a checkout the cart created; `?supplier=` / `?item=&amount=` create one here.
 */
export const Route = createFileRoute('/tienda/$shopSlug/comprar')({
  validateSearch: parseCheckoutSearch,
  component: CheckoutRoute,
});

function CheckoutRoute() {
  const { shopSlug } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onCheckoutChange = useCallback((checkout: string) => void navigate({ search: { checkout }, replace: true }), [navigate]);
  return <CheckoutPage shopSlug={shopSlug} search={search} onCheckoutChange={onCheckoutChange} />;
}
