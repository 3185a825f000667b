import { OrderErrorCodes } from '@vitrina/contracts';
import { isApiError } from '@/api/client';
import type { OrdersKey } from '../i18n/texts';

/** Whether a failed load means the order is not there for this viewer (spec 3 §8 'Order not found'). */
export function isOrderMissing(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 403 || error.code === OrderErrorCodes.orderNotFound);
}

/** The spec 3 §8 message of a refused order action; `cancel` falls back to its own 'cancellation error'. */
export function actionErrorText(
  error: unknown,
  action: 'next' | 'confirm' | 'cancel',
  t: (key: OrdersKey, values?: Record<string, unknown>) => string,
): string {
  if (isApiError(error)) {
    switch (error.code) {
      case OrderErrorCodes.orderNotFound:
        return t('errors.order_not_found');
      case OrderErrorCodes.alreadyCancelled:
        return t('errors.order_already_cancelled');
      case OrderErrorCodes.illegalTransition:
        return t('errors.illegal_transition');
      case OrderErrorCodes.wrongActor:
        return t('errors.wrong_actor');
      case OrderErrorCodes.quoteRequired:
        return t('errors.quote_required');
      default:
        if (error.status === 400) return t('errors.invalid', { message: error.message });
    }
  }
  return t(action === 'cancel' ? 'errors.cancelFailed' : 'errors.actionFailed');
}

/** A refusal after which the order on screen is stale: it is read again. */
export function isStaleRefusal(error: unknown): boolean {
  return isApiError(error) && (error.status === 409 || error.status === 403);
}
