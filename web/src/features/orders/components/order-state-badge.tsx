import type { OrderState } from '@vitrina/contracts';
import { Badge } from '@mantine/core';
import type { OrdersT } from '../i18n/texts';
import { STATE_COLORS } from '../lib/order-states';

/** The order's state with its colour (spec 3 §3 'Order states'). */
export function OrderStateBadge({ state, t, size = 'md' }: { state: OrderState; t: OrdersT; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge color={STATE_COLORS[state]} variant="light" size={size} data-testid="order-state" data-state={state}>
      {t(`states.${state}`)}
    </Badge>
  );
}
