import { Button } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import { useReturnsT } from '../i18n/texts';
import { RouteLink } from './route-link';

/** 'Ver devoluciones': from the seller's orders page to the return requests (the route says where they are). */
export function ReturnsLink({ to }: { to: string }) {
  const { t } = useReturnsT();
  return (
    <Button
      component={RouteLink}
      to={to}
      variant="light"
      leftSection={<IconReceiptRefund size={16} aria-hidden />}
      data-testid="orders-returns-link"
    >
      {t('list.sellerOrders')}
    </Button>
  );
}
