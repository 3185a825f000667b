import type { PurchaseOrder } from '@vitrina/contracts';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useSession } from '@/lib/session/use-session';
import { fetchReceipt, saveFile } from '../api/download-receipt';
import { useInvoicingT } from '../i18n/texts';

interface Props {
  order: PurchaseOrder;
  /** Hands the file over (the browser download by default; tests look at it). */
  save?: (blob: Blob, name: string) => void;
}

/**
 * spec 3 §2 'Purchase order detail and print preview: a download-invoice link': the order's PDF receipt, the customer's
 * copy or the seller's (by the viewer the order was read as). The call carries the bearer token, so the file is
 * fetched and handed to the browser instead of being a plain link.
 */
export function ReceiptLink({ order, save = saveFile }: Props) {
  const { t } = useInvoicingT();
  const { user } = useSession();
  const [pending, setPending] = useState(false);
  if (!user) return null;
  const download = async () => {
    setPending(true);
    try {
      const blob = await fetchReceipt(user.id, order.id, order.viewer === 'customer' ? 'customer' : 'seller');
      save(blob, `recibo-${order.id}.pdf`);
    } catch {
      notifications.show({ autoClose: 5_000, position: 'top-right', color: 'red', message: t('receipt.failed') });
    } finally {
      setPending(false);
    }
  };
  return (
    <Button
      variant="subtle"
      size="xs"
      leftSection={<IconFileDownload size={16} aria-hidden />}
      loading={pending}
      onClick={() => void download()}
      data-testid="receipt-link"
    >
      {t('receipt.download')}
    </Button>
  );
}
