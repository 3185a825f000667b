import type { OrderLine, PurchaseOrder } from '@vitrina/contracts';
import { Box, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ResponsiveImage } from '@/components/responsive-image';
import { formatMoney } from '@/lib/money';
import type { OrdersT } from '../i18n/texts';
import classes from './orders.module.css';

interface Props {
  order: PurchaseOrder;
  t: OrdersT;
  language: string;
  /** Slot beside each line (the reviews helper's create/edit button on a delivered order). */
  lineExtra?: (line: OrderLine) => ReactNode;
}

/** The order's lines as bought (a snapshot of the checkout): photo, name, variant, quantity, price. */
export function OrderLines({ order, t, language, lineExtra }: Props) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="order-lines">
      {order.lines.map((line) => {
        const variant = Object.entries(line.variant)
          .map(([name, value]) => `${name}: ${value}`)
          .join(' · ');
        return (
          <Group component="li" key={line.id} wrap="nowrap" align="flex-start" gap="sm" data-testid="order-line">
            {line.photo ? (
              <ResponsiveImage src={line.photo} alt={line.name} sizes="60px" className={classes.lineThumb} />
            ) : (
              <Box className={classes.lineThumb} aria-label={t('detail.noPhoto')} role="img" />
            )}
            <Stack gap={2} className={classes.grow}>
              <Text fw={600} size="sm" lineClamp={2}>
                {line.name}
              </Text>
              {variant && (
                <Text size="xs" c="dimmed">
                  {variant}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {t('detail.quantity', { count: line.quantity })} ·{' '}
                {t('detail.unitPrice', { price: formatMoney(line.unit_price_minor, order.currency, language) })}
              </Text>
              {lineExtra?.(line)}
            </Stack>
            <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(line.total_minor, order.currency, language)}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}
