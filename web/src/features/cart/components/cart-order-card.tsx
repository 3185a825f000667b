import { Alert, Button, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { CartOrder } from '@/features/cart/api/types';
import { useCartT } from '@/features/cart/i18n/texts';
import { formatMoney } from '@/lib/money';
import { CartLine } from './cart-line';
import type { ShopCart } from './use-shop-cart';

interface CartOrderCardProps {
  order: CartOrder;
  cart: ShopCart;
  /** The cart is loading or another checkout is being created: the button waits (spec 1 §2). */
  loading: boolean;
  checkingOut: boolean;
  onCheckout: () => void;
}

/**
 * One cart order: the lines of one supplier (and dropshipping supplier), its total and its checkout button
 * (spec 3 §2 'Shopping cart'). Disabled lines are listed apart with their reason and are not bought (spec 3 §4
 * 'Stock handling'); an order that is not configured cannot be checked out and says why (spec 1 §8).
 */
export function CartOrderCard({ order, cart, loading, checkingOut, onCheckout }: CartOrderCardProps) {
  const { t, i18n } = useCartT();
  const money = (minor: number) => formatMoney(minor, order.currency, i18n.language);
  const active = order.products.filter((product) => !product.disabled);
  const disabled = order.products.filter((product) => product.disabled);
  const lines = (products: typeof order.products) => (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
      {products.map((product) => (
        <CartLine
          key={product.line_id}
          product={product}
          busy={cart.busy.has(product.line_id)}
          onAmount={(amount, options) => void cart.setAmount(product, amount, options)}
          onRemove={() => void cart.remove(product)}
        />
      ))}
    </Stack>
  );
  const fixed = order.dssupplier_info;

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-label={t('order.label', { name: order.supplier_name })}
      data-testid="cart-order"
    >
      <Stack gap="sm">
        <div>
          <Text size="xs" c="dimmed">
            {t('order.soldBy')}
          </Text>
          <Text fw={700}>{order.supplier_name}</Text>
          {fixed && (
            <Text size="xs" c="dimmed">
              {t('order.shippedBy', { name: fixed.name })}
              {fixed.fixed_shipping_cost_minor !== null &&
                fixed.fixed_shipping_days !== null &&
                ` · ${t('order.fixedShipping', { cost: money(fixed.fixed_shipping_cost_minor), count: fixed.fixed_shipping_days })}`}
            </Text>
          )}
        </div>
        {active.length > 0 && lines(active)}
        {disabled.length > 0 && (
          <Stack gap={6} data-testid="cart-order-unavailable">
            <Divider label={t('order.unavailableTitle')} labelPosition="left" />
            <Text size="xs" c="dimmed">
              {t('order.unavailableHint')}
            </Text>
            {lines(disabled)}
          </Stack>
        )}
        <Divider />
        <Group justify="space-between">
          <Text fw={600}>{t('order.total')}</Text>
          <Text fw={800} data-testid="order-total">
            {money(order.total_minor)}
          </Text>
        </Group>
        {!order.is_configured && (
          <Alert color="yellow" icon={<IconInfoCircle size={18} aria-hidden />} p="xs" data-testid="order-not-configured">
            <Text size="sm">{t('order.notConfigured')}</Text>
          </Alert>
        )}
        <Button fullWidth onClick={onCheckout} loading={checkingOut} disabled={loading || !order.is_configured || active.length === 0}>
          {t('order.checkout')}
        </Button>
      </Stack>
    </Paper>
  );
}
