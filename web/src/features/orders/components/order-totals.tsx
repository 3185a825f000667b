import type { PurchaseOrder } from '@vitrina/contracts';
import { Divider, Group, Stack, Text } from '@mantine/core';
import { formatMoney } from '@/lib/money';
import type { OrdersT } from '../i18n/texts';

function Row({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : undefined} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/** Subtotal, shipping, the seller's quoted shipping (pay later), extra charge (financing) and total (spec 3 §2). */
export function OrderTotals({
  order,
  t,
  language,
  shippingLabel,
}: {
  order: PurchaseOrder;
  t: OrdersT;
  language: string;
  shippingLabel?: string;
}) {
  const money = (minor: number) => formatMoney(minor, order.currency, language);
  return (
    <Stack gap={6} data-testid="order-totals">
      <Row label={t('detail.subtotal')} value={money(order.subtotal_minor)} testId="order-subtotal" />
      <Row label={shippingLabel ?? t('detail.shipping')} value={money(order.shipping_total_minor)} testId="order-shipping" />
      {order.shipping_cost_minor !== null && (
        <Row label={t('detail.shippingQuoted')} value={money(order.shipping_cost_minor)} testId="order-shipping-cost" />
      )}
      {order.extra_charge_minor > 0 && (
        <Row label={t('detail.extraCharge')} value={money(order.extra_charge_minor)} testId="order-extra-charge" />
      )}
      <Divider />
      <Row label={t('detail.total')} value={money(order.total_minor)} strong testId="order-grand-total" />
    </Stack>
  );
}
