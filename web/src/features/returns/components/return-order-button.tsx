import type { PurchaseOrder } from '@vitrina/contracts';
import { Button, Group } from '@mantine/core';
import { IconArrowBackUp, IconReceiptRefund } from '@tabler/icons-react';
import { useReturnsT } from '../i18n/texts';
import { RouteLink } from './route-link';

export interface ReturnOrderLinks {
  /** A return request's page (`/mis-compras/devoluciones/{id}`, `/admin/devoluciones/{id}`). */
  detail: (returnId: string) => string;
  /** The request page of an order (`/mis-compras/{order}/devolucion`); absent on the seller's side. */
  request?: (orderId: string) => string;
}

/**
 * What an order's page shows about returns (spec 3 §4 'Returns'): 'Ver devolución' once the order has a request,
 * 'Solicitar devolución' while the customer may start one (the server decides: `return_eligibility.allowed`; after a
 * closed request the window may still be open), else nothing.
 */
export function ReturnOrderButton({ order, links }: { order: PurchaseOrder; links: ReturnOrderLinks }) {
  const { t } = useReturnsT();
  const eligibility = order.return_eligibility;
  const canRequest = eligibility.allowed && links.request !== undefined;
  if (!eligibility.return_id && !canRequest) return null;
  return (
    <Group gap="sm">
      {eligibility.return_id && (
        <Button
          component={RouteLink}
          to={links.detail(eligibility.return_id)}
          variant="light"
          leftSection={<IconReceiptRefund size={16} aria-hidden />}
          data-testid="order-view-return"
        >
          {t('order.view')}
        </Button>
      )}
      {canRequest && links.request && (
        <Button
          component={RouteLink}
          to={links.request(order.id)}
          variant="default"
          leftSection={<IconArrowBackUp size={16} aria-hidden />}
          data-testid="order-request-return"
        >
          {t('order.request')}
        </Button>
      )}
    </Group>
  );
}
