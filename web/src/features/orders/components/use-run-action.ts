import type { PurchaseOrder } from '@vitrina/contracts';
import { notifications } from '@mantine/notifications';
import type { OrderSide } from '../api/keys';
import { useOrderAction, type OrderActionRequest } from '../api/order-actions';
import type { OrdersT } from '../i18n/texts';
import { actionErrorText } from '../lib/errors';

/** Order toasts stay 5 s, top right (spec 3 §9 'Toasts 5 s'). */
const TOAST = { autoClose: 5_000, position: 'top-right' as const };

/**
 * Runs an order action and says how it went: a toast with the new state, or the spec's message for the refusal
 * (spec 3 §8). Resolves true when it was done, so a modal can close.
 */
export function useRunOrderAction(
  side: OrderSide,
  userId: string,
  ids: { orderId: string; pageId: string },
  t: OrdersT,
  onDone?: (order: PurchaseOrder, request: OrderActionRequest) => void,
) {
  const mutation = useOrderAction(side, userId, ids.orderId, ids.pageId);
  const run = async (request: OrderActionRequest): Promise<boolean> => {
    try {
      const order = await mutation.mutateAsync(request);
      notifications.show({
        ...TOAST,
        color: 'teal',
        message:
          request.action === 'cancel'
            ? t('actions.done.cancel')
            : t(`actions.done.${request.action}`, { state: t(`states.${order.state}`) }),
      });
      onDone?.(order, request);
      return true;
    } catch (error) {
      notifications.show({ ...TOAST, color: 'red', title: t('errors.title'), message: actionErrorText(error, request.action, t) });
      return false;
    }
  };
  return { run, pending: mutation.isPending, running: mutation.isPending ? (mutation.variables?.action ?? null) : null };
}
