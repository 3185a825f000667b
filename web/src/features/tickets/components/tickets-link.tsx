import { Button } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTicketsT } from '../i18n/texts';

interface Props {
  orderId: string;
  /** The order's `attendees_count`: nothing is drawn for an order without tickets (0). */
  count?: number;
  /** Where 'Mis boletos' is (a shop's `/tienda/{shop}/mis-boletos/{order}`); `/mis-boletos/{order}` by default. */
  to?: string;
}

/** A link to the order's tickets, for the order pages to mount (the orders feature does not import this one's internals). */
export function TicketsLink({ orderId, count, to }: Props) {
  const { t } = useTicketsT();
  if (count === 0) return null;
  const href = to ?? `/mis-boletos/${encodeURIComponent(orderId)}`;
  return (
    <Button component={Link} to={href} variant="light" leftSection={<IconTicket size={16} />} data-testid="tickets-link">
      {count === undefined ? t('link.plain') : t('link.label', { count })}
    </Button>
  );
}
