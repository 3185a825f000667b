import { Container, Stack, Title } from '@mantine/core';
import { useCartT } from '@/features/cart/i18n/texts';
import { CartContent } from './cart-content';
import { useShopCart } from './use-shop-cart';

/** spec 1 §2 `/carrito`: the cart panel's content as a page. */
export default function CartPage({ shopSlug, shopBase }: { shopSlug: string; shopBase: string }) {
  const { t } = useCartT();
  const cart = useShopCart(shopSlug);
  return (
    <Container size="sm" w="100%" py="lg">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('page.title')}
        </Title>
        <CartContent shopSlug={shopSlug} shopBase={shopBase} cart={cart} />
      </Stack>
    </Container>
  );
}
