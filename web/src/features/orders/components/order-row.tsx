import type { OrderSummary } from '@vitrina/contracts';
import { Box, Card, Group, Stack, Text } from '@mantine/core';
import { ResponsiveImage } from '@/components/responsive-image';
import { formatMoney } from '@/lib/money';
import type { OrdersT } from '../i18n/texts';
import { formatDate, orderNumber } from '../lib/format';
import { OrderStateBadge } from './order-state-badge';
import classes from './orders.module.css';
import { RouteLink } from './route-link';

interface Props {
  order: OrderSummary;
  href: string;
  t: OrdersT;
  language: string;
  /** The seller's list names the customer; the buyer's the shop. */
  side: 'customer' | 'seller';
}

/** One order of a list (spec 3 §2 'order lists'): photo, summary, shop or customer, total, date, state. */
export function OrderRow({ order, href, t, language, side }: Props) {
  return (
    <Card component={RouteLink} to={href} withBorder radius="md" padding="md" className={classes.row} data-testid="order-row">
      <Group wrap="nowrap" align="flex-start" gap="md">
        {order.photo ? (
          <ResponsiveImage src={order.photo} alt="" sizes="64px" className={classes.thumb} />
        ) : (
          <Box className={classes.thumb} aria-hidden />
        )}
        <Stack gap={4} className={classes.grow}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Text fw={600} lineClamp={2} data-testid="order-summary">
              {order.summary}
            </Text>
            <Text fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="order-total">
              {formatMoney(order.total_minor, order.currency, language)}
            </Text>
          </Group>
          <Text size="sm" c="dimmed" lineClamp={1}>
            {side === 'customer' ? t('list.soldBy', { name: order.sold_by }) : t('seller.customer', { name: order.customer_name })}
          </Text>
          <Group gap="xs" justify="space-between">
            <Text size="xs" c="dimmed" data-testid="order-date">
              {t(side === 'customer' ? 'list.placedAt' : 'seller.placedAt', { date: formatDate(order.placed_at, language) })}
              {' · '}
              {t('list.orderNumber', { id: orderNumber(order.id) })}
            </Text>
            <Group gap={6}>
              {side === 'seller' && order.viewer === 'dssupplier' && (
                <Text size="xs" c="dimmed">
                  {t('seller.asDssupplier')}
                </Text>
              )}
              <OrderStateBadge state={order.state} t={t} size="sm" />
            </Group>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
