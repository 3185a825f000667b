import { Anchor, Drawer, Stack } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useCartT } from '@/features/cart/i18n/texts';
import { CART_RESET_MS } from '@/features/cart/lib/constants';
import { CartContent } from './cart-content';
import { useShopCart } from './use-shop-cart';

interface CartDrawerProps {
  shopSlug: string;
  shopBase: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * The cart side panel (spec 1 §2): a drawer on the right. Opening fetches a signed-in user's cart orders; closing
 * resets that request flag after 500 ms (spec 1 §4, §9), so reopening at once shows what is there and a later
 * opening asks again.
 */
export function CartDrawer({ shopSlug, shopBase, opened, onClose }: CartDrawerProps) {
  const { t } = useCartT();
  const router = useRouter();
  const [requested, setRequested] = useState(opened);
  if (opened && !requested) setRequested(true);
  useEffect(() => {
    if (opened) return undefined;
    const timer = setTimeout(() => setRequested(false), CART_RESET_MS);
    return () => clearTimeout(timer);
  }, [opened]);
  const cart = useShopCart(shopSlug, { fetch: requested });
  const hasOrders = (cart.cart?.orders.length ?? 0) > 0;

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={t('panel.title')}
      closeButtonProps={{ 'aria-label': t('panel.close') }}
      data-testid="cart-panel"
    >
      <Stack gap="md">
        <CartContent shopSlug={shopSlug} shopBase={shopBase} cart={cart} onKeepShopping={onClose} />
        {hasOrders && (
          <Anchor
            href={`${shopBase}carrito`}
            size="sm"
            ta="center"
            onClick={(event) => {
              event.preventDefault();
              onClose();
              void router.navigate({ href: `/tienda/${encodeURIComponent(shopSlug)}/carrito` });
            }}
          >
            {t('panel.seeCart')}
          </Anchor>
        )}
      </Stack>
    </Drawer>
  );
}
