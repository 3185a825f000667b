import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { visibleShopBase } from '@/features/storefront/lib/shop-path';

const CartPage = lazy(() => import('@/features/cart/components/cart-page'));

/** spec 1 §2 `/carrito`: the cart as a page, inside the shop's frame. */
export const Route = createFileRoute('/tienda/$shopSlug/carrito')({
  component: CartRoute,
});

function CartRoute() {
  const { shopSlug } = Route.useParams();
  return (
    <Suspense fallback={null}>
      <CartPage shopSlug={shopSlug} shopBase={visibleShopBase(shopSlug)} />
    </Suspense>
  );
}
