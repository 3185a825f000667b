import type { OrderAvailableAction, PurchaseOrder } from '@vitrina/contracts';
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import type { OrderActionRequest } from '../api/order-actions';
import type { OrdersT } from '../i18n/texts';
import { actionLabelKey } from '../lib/order-states';
import { CancelOrderModal } from './cancel-order-modal';
import { QuoteModal } from './quote-modal';
import { ShipModal } from './ship-modal';

interface Props {
  order: PurchaseOrder;
  side: 'customer' | 'seller';
  run: (request: OrderActionRequest) => Promise<boolean>;
  running: OrderActionRequest['action'] | null;
  t: OrdersT;
  language: string;
  now?: () => Date;
}

type Form = 'cancel' | 'quote' | 'ship' | null;

/**
 * One button per action the server offers the viewer (`order.actions`): the seller's quote and shipment open their
 * forms, a cancellation its modal with the reasons, anything else is sent at once.
 */
export function OrderActionsBar({ order, side, run, running, t, language, now }: Props) {
  const [form, setForm] = useState<Form>(null);
  if (order.actions.length === 0) return null;
  const shipAction = order.actions.find((a) => a.action === 'next' && a.to === 'in_transit');
  const press = (action: OrderAvailableAction) => {
    if (action.action === 'cancel') setForm('cancel');
    else if (action.action === 'confirm' && action.needs_quote) setForm('quote');
    else if (side === 'seller' && action.action === 'next' && action.to === 'in_transit') setForm('ship');
    else void run({ action: action.action });
  };
  return (
    <>
      <Group gap="sm" data-testid="order-actions">
        {order.actions.map((action) => (
          <Button
            key={`${action.action}-${action.to}`}
            variant={action.action === 'cancel' ? 'default' : 'filled'}
            color={action.action === 'cancel' ? 'red' : undefined}
            loading={running === action.action}
            disabled={running !== null && running !== action.action}
            onClick={() => press(action)}
            data-testid={`order-action-${action.action}`}
          >
            {t(actionLabelKey(side, action))}
          </Button>
        ))}
      </Group>
      <CancelOrderModal
        opened={form === 'cancel'}
        onClose={() => setForm(null)}
        onSubmit={(body) => run({ action: 'cancel', body })}
        submitting={running === 'cancel'}
        t={t}
      />
      <QuoteModal
        opened={form === 'quote'}
        onClose={() => setForm(null)}
        onSubmit={(body) => run({ action: 'confirm', body })}
        submitting={running === 'confirm'}
        currency={order.currency}
        language={language}
        t={t}
        {...(now ? { now } : {})}
      />
      {shipAction && (
        <ShipModal
          opened={form === 'ship'}
          title={t(actionLabelKey(side, shipAction))}
          onClose={() => setForm(null)}
          onSubmit={(body) => run({ action: 'next', body })}
          submitting={running === 'next'}
          t={t}
        />
      )}
    </>
  );
}
