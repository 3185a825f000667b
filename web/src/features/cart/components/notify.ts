import { notifications } from '@mantine/notifications';
import { isApiError, NETWORK_ERROR_CODE } from '@/api/client';
import { errorDetails } from '@/features/cart/api/http';
import { CHECKOUT_ERROR_MS, QUANTITY_WARNING_MS } from '@/features/cart/lib/constants';
import type { QuantityProblem } from '@/features/cart/lib/quantity';
import type { CartT } from '@/features/cart/i18n/texts';

/** What a refused quantity says (spec 1 §5, §8; spec 3 §8). */
export function quantityMessage(t: CartT, problem: QuantityProblem, { increment = false } = {}): string {
  switch (problem.code) {
    case 'invalid_amount':
      return t('warnings.invalidAmount');
    case 'max_purchase_amount_exceeded':
      return t('warnings.maxPurchaseAmountExceeded', { max: problem.max_purchase_amount });
    case 'quantity_exceeded':
      // spec 1 §5 'Stock rule message' when the plus control hits the stock.
      return increment ? t('warnings.stockRule') : t('warnings.quantityExceeded', { available: problem.available });
  }
}

/** spec 1 §8 'Quantity errors': a warning notice for 5 s. */
export function warnQuantity(t: CartT, problem: QuantityProblem, options: { increment?: boolean } = {}): void {
  notifications.show({
    color: 'yellow',
    title: t('warnings.title'),
    message: quantityMessage(t, problem, options),
    autoClose: QUANTITY_WARNING_MS,
  });
}

/** A refused cart write: the quantity codes as warnings, anything else the action's own 'try later'. */
export function warnCartError(t: CartT, error: unknown, fallback: 'addFailed' | 'updateFailed' | 'removeFailed', increment = false): void {
  const code = isApiError(error) ? error.code : null;
  const details = errorDetails(error);
  let message: string;
  if (code === 'quantity_exceeded') {
    const available = typeof details.available === 'number' ? details.available : null;
    message = increment || available === null ? t('warnings.stockRule') : t('warnings.quantityExceeded', { available });
  } else if (code === 'max_purchase_amount_exceeded' && typeof details.max_purchase_amount === 'number') {
    message = t('warnings.maxPurchaseAmountExceeded', { max: details.max_purchase_amount });
  } else if (code === 'unavailable_for_sale') message = t('warnings.unavailableForSale');
  else if (code === 'out_of_stock') message = t('warnings.outOfStock');
  else if (code === 'item_not_found') message = t('warnings.notFound');
  else if (code === 'invalid_amount') message = t('warnings.invalidAmount');
  else if (code === 'invalid_variant') message = t('warnings.invalidVariant');
  else message = t(`warnings.${fallback}`);
  notifications.show({ color: 'yellow', title: t('warnings.title'), message, autoClose: QUANTITY_WARNING_MS });
}

/**
 * spec 1 §8 'Cart checkout errors': by code, insufficient_stock, unavailable_for_sale and out_of_stock say so;
 * slug_public_was_alrready_generated says the public slug exists; anything else is the supplier's missing
 * configuration. A warning notice titled Error, 7 s. (No answer at all says so instead: nothing was refused.)
 */
export function notifyCheckoutError(t: CartT, error: unknown): void {
  const code = isApiError(error) ? error.code : null;
  const message =
    code === 'insufficient_stock'
      ? t('checkoutErrors.insufficientStock')
      : code === 'unavailable_for_sale'
        ? t('checkoutErrors.unavailableForSale')
        : code === 'out_of_stock'
          ? t('checkoutErrors.outOfStock')
          : code === 'slug_public_was_alrready_generated'
            ? t('checkoutErrors.slugExists')
            : code === NETWORK_ERROR_CODE
              ? t('checkoutErrors.network')
              : t('checkoutErrors.notConfigured');
  notifications.show({ color: 'yellow', title: t('checkoutErrors.title'), message, autoClose: CHECKOUT_ERROR_MS });
}

export function notifyAdded(t: CartT, variant?: Record<string, string>): void {
  const chosen = variant ? Object.values(variant).filter(Boolean).join(', ') : '';
  notifications.show({
    color: 'teal',
    message: chosen ? t('warnings.addedWithVariant', { variant: chosen }) : t('warnings.added'),
    autoClose: 4_000,
  });
}
