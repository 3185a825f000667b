import type { PurchaseOrder } from '@vitrina/contracts';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { OrdersT } from '../i18n/texts';
import { formatDay } from '../lib/format';

/**
 * Delivery data (spec 3 §2, §3 'Purchase order'): how it arrives, the address or the branch, the estimated delivery
 * date, the tracking number and link, and the tracking failure when the courier cannot be asked.
 */
export function DeliveryInfo({ order, t, language }: { order: PurchaseOrder; t: OrdersT; language: string }) {
  const delivery = order.delivery;
  return (
    <Stack gap={4} data-testid="order-delivery">
      <Text size="sm" fw={600}>
        {t(`deliveryTypes.${order.delivery_type}`)}
      </Text>
      {order.delivery_type === 'none' && (
        <Text size="sm" c="dimmed">
          {t('detail.noDelivery')}
        </Text>
      )}
      {delivery?.carrier && (
        <Text size="sm" c="dimmed">
          {t('detail.carrier', { carrier: [delivery.carrier, delivery.service].filter(Boolean).join(' '), days: delivery.days })}
        </Text>
      )}
      {delivery?.type === 'fixed' && !delivery.scheduled_date && delivery.days > 0 && (
        <Text size="sm" c="dimmed">
          {t('detail.fixedDays', { days: delivery.days })}
        </Text>
      )}
      {delivery?.scheduled_date && (
        <Text size="sm">
          {t('detail.scheduled', { date: formatDay(delivery.scheduled_date, language), time: delivery.scheduled_time ?? '' }).trim()}
        </Text>
      )}
      {order.address && (
        <Stack gap={0}>
          <Text size="sm">{t('detail.recipient', { name: order.address.address_name })}</Text>
          <Text size="sm" c="dimmed">
            {order.address.formatted_address}
          </Text>
          {order.address.address_phone && (
            <Text size="sm" c="dimmed">
              {t('detail.phone', { phone: order.address.address_phone })}
            </Text>
          )}
        </Stack>
      )}
      {order.branch && (
        <Stack gap={0}>
          <Text size="sm">{t('detail.branch')}</Text>
          <Text size="sm" c="dimmed">
            {order.branch.address}
          </Text>
          <Text size="sm" c="dimmed">
            {t('detail.phone', { phone: order.branch.phone })}
          </Text>
        </Stack>
      )}
      {order.estimated_delivery_date && (
        <Text size="sm" data-testid="order-eta">
          {t('detail.estimatedDelivery', { date: formatDay(order.estimated_delivery_date, language) })}
        </Text>
      )}
      {order.tracking_number && (
        <Text size="sm" data-testid="order-tracking-number">
          {t('detail.tracking', { number: order.tracking_number })}
        </Text>
      )}
      {order.tracking_url && (
        <Anchor href={order.tracking_url} target="_blank" rel="noopener noreferrer" size="sm" data-testid="order-tracking-link">
          {t('detail.trackingLink')} <IconExternalLink size={14} aria-hidden style={{ verticalAlign: 'middle' }} />
        </Anchor>
      )}
      {order.tracking_status === 'failure' && (
        <Alert color="orange" variant="light" p="xs" data-testid="order-tracking-failure">
          <Text size="sm">{t('detail.trackingFailure')}</Text>
        </Alert>
      )}
    </Stack>
  );
}
