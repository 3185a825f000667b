import type { PurchaseOrder } from '@vitrina/contracts';
import { Button, Group } from '@mantine/core';
import { IconArrowBackUp, IconReceiptRefund } from '@tabler/icons-react';
import { useReturnsT } from '../i18n/texts';
import { RouteLink } from './route-link';

export interface ReturnOrderLinks {
  /** The request page of an order (`/mis-compras/{order}/devolucion`). */
  request: (orderId: string) => string;
  /** A return request's page (`/mis-compras/devoluciones/{id}`). */
  detail: (returnId: string) => string;
}

/**
 * What the customer's order page shows about returns (spec 3 §4 'Returns'): 'Ver devolución' once the order has a
 * request, 'Solicitar devolución' while one may start (the server decides: `return_eligibility.allowed`), else nothing.
 */
export function ReturnOrderButton({ order, links }: { order: PurchaseOrder; links: ReturnOrderLinks }) {
  const { t } = useReturnsT();
  const eligibility = order.return_eligibility;
  if (eligibility.return_id) {
    return (
      <Group gap="sm">
        <Button
          component={RouteLink}
          to={links.detail(eligibility.return_id)}
          variant="light"
          leftSection={<IconReceiptRefund size={16} aria-hidden />}
          data-testid="order-view-return"
        >
          {t('order.view')}
        </Button>
      </Group>
    );
  }
  if (!eligibility.allowed) return null;
  return (
    <Group gap="sm">
      <Button
        component={RouteLink}
        to={links.request(order.id)}
        variant="default"
        leftSection={<IconArrowBackUp size={16} aria-hidden />}
        data-testid="order-request-return"
      >
        {t('order.request')}
      </Button>
    </Group>
  );
}
