import type { OrderLine, PurchaseOrder } from '@vitrina/contracts';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { useSession } from '@/lib/session/use-session';
import { useReviewsT } from '../i18n/texts';
import { ReviewModal } from './review-modal';

interface Props {
  order: PurchaseOrder;
  line: OrderLine;
  /** After a review is saved (the order is read again anyway). */
  onSaved?: () => void;
}

/**
 * 'Escribir reseña' / 'Editar reseña' beside a line of the customer's delivered order (spec 3 §3 'Review': one per
 * order line). Nothing for other viewers or before delivery: the server would refuse it (409 review_not_allowed).
 */
export function ReviewButton({ order, line, onSaved }: Props) {
  const { t } = useReviewsT();
  const { user } = useSession();
  const [opened, setOpened] = useState(false);
  if (order.viewer !== 'customer' || order.state !== 'delivered' || !user) return null;
  const mode = line.review_id ? 'edit' : 'create';
  return (
    <>
      <Button
        size="xs"
        variant={mode === 'create' ? 'light' : 'subtle'}
        onClick={() => setOpened(true)}
        data-testid={`review-button-${line.id}`}
      >
        {t(mode === 'create' ? 'button.write' : 'button.edit')}
      </Button>
      {opened && (
        <ReviewModal
          opened={opened}
          onClose={() => setOpened(false)}
          userId={user.id}
          orderId={order.id}
          line={line}
          mode={mode}
          {...(onSaved ? { onSaved } : {})}
        />
      )}
    </>
  );
}
