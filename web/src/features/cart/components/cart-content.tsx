import { Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useCartT } from '@/features/cart/i18n/texts';
import { formatMoney } from '@/lib/money';
import { CartOrderCard } from './cart-order-card';
import { useCheckoutOrder } from './use-checkout';
import type { ShopCart } from './use-shop-cart';

interface CartContentProps {
  shopSlug: string;
  /** The shop's home as the visitor sees it, ending in `/` (its own host or /tienda/{slug}/). */
  shopBase: string;
  cart: ShopCart;
  /** 'Seguir comprando' in the panel closes it; on the page it goes to the shop's home. */
  onKeepShopping?: () => void;
}

function CartSkeleton() {
  const { t } = useCartT();
  return (
    <Stack gap="md" aria-busy aria-label={t('panel.loading')} data-testid="cart-loading">
      {[0, 1].map((n) => (
        <Group key={n} wrap="nowrap" align="start">
          <Skeleton w={60} h={60} radius="sm" />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton h={14} w="70%" />
            <Skeleton h={10} w="40%" />
            <Skeleton h={28} w="50%" />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * What the cart side panel and the /carrito page show (spec 1 §2 'Cart side panel'): loading, empty, or the cart
 * orders per supplier with their totals and checkout buttons; 'Mis compras' for signed-in users.
 */
export function CartContent({ shopSlug, shopBase, cart, onKeepShopping }: CartContentProps) {
  const { t, i18n } = useCartT();
  const { checkout, pendingOrder } = useCheckoutOrder(shopSlug);
  const signedIn = typeof cart.viewer === 'string';
  const purchases = signedIn && (
    // spec 1 §2: a link to /mis-compras for non-anonymous users.
    <Anchor href={`${shopBase}mis-compras`} size="sm" data-testid="my-purchases">
      {t('panel.myPurchases')}
    </Anchor>
  );

  if (cart.isLoading) return <CartSkeleton />;
  if (cart.isError || !cart.cart) {
    return (
      <Stack gap="sm" align="start" role="alert">
        <Text>{t('panel.loadError')}</Text>
        <Button variant="default" onClick={cart.refetch}>
          {t('panel.retry')}
        </Button>
      </Stack>
    );
  }
  const { orders } = cart.cart;
  if (orders.length === 0) {
    return (
      <Stack gap="sm" align="center" py="xl" ta="center" data-testid="cart-empty">
        <IconShoppingCart size={40} aria-hidden color="var(--mantine-color-gray-5)" />
        <Text fw={600}>{t('panel.empty')}</Text>
        <Text size="sm" c="dimmed">
          {t('panel.emptyHint')}
        </Text>
        {onKeepShopping ? (
          <Button variant="light" onClick={onKeepShopping}>
            {t('panel.keepShopping')}
          </Button>
        ) : (
          <Button component="a" href={shopBase} variant="light">
            {t('panel.keepShopping')}
          </Button>
        )}
        {purchases}
      </Stack>
    );
  }
  const cartId = cart.cart.cart_id;
  return (
    <Stack gap="md" data-testid="cart-orders">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('panel.products', { count: cart.cart.total_products })}
        </Text>
        {purchases}
      </Group>
      {orders.map((order) => (
        <CartOrderCard
          key={order.id}
          order={order}
          cart={cart}
          loading={cart.isFetching || (pendingOrder !== null && pendingOrder !== order.id)}
          checkingOut={pendingOrder === order.id}
          onCheckout={() => void checkout(cartId, order)}
        />
      ))}
      {orders.length > 1 && (
        <Group justify="space-between" px="sm">
          <Text fw={600}>{t('panel.total')}</Text>
          <Text fw={800}>{formatMoney(cart.cart.amount_minor, cart.cart.currency, i18n.language)}</Text>
        </Group>
      )}
    </Stack>
  );
}
