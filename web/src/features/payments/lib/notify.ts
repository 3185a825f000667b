import { notifications } from '@mantine/notifications';
import type { PaymentsT } from '../i18n/texts';
import type { PaymentFailure } from './errors';

/** spec 3 §8-§9: payment toasts stay 5 s, top right. */
export const PAYMENT_TOAST_MS = 5_000;
/** spec 3 §8 'Fallback toast ... (55 s)': a payment start that has not answered by then is reported failed. */
export const PAYMENT_FALLBACK_MS = 55_000;

const POSITION = 'top-right' as const;

export function failureMessage(failure: PaymentFailure, t: PaymentsT): string {
  switch (failure.kind) {
    case 'card':
    case 'checkout':
      return t(failure.key);
    case 'card-text':
      return failure.text;
    case 'start':
      return t('errors.start_failed');
  }
}

/** The error toast for a failed payment (spec 3 §8 'Payments'). */
export function notifyPaymentFailure(failure: PaymentFailure, t: PaymentsT): void {
  notifications.show({
    id: 'payment-failure',
    color: 'red',
    title: t('toast.errorTitle'),
    message: failureMessage(failure, t),
    autoClose: PAYMENT_TOAST_MS,
    position: POSITION,
  });
}

/** spec 3 §8: 'the attempt failed and the transaction could not be completed', when a start is silent for 55 s. */
export function notifyPaymentTimeout(t: PaymentsT): void {
  notifications.show({
    id: 'payment-timeout',
    color: 'red',
    title: t('toast.errorTitle'),
    message: t('errors.timeout'),
    autoClose: PAYMENT_TOAST_MS,
    position: POSITION,
  });
}

/**
 * Takes down a failure or timeout toast still showing once a payment goes through: a shopper who tried another card
 * within the toast's 5 s must not read 'not enough funds' on the page that thanks them for paying.
 */
export function clearPaymentFailure(): void {
  notifications.hide('payment-failure');
  notifications.hide('payment-timeout');
}

export function notifyPaymentInfo(message: string): void {
  notifications.show({ color: 'blue', message, autoClose: PAYMENT_TOAST_MS, position: POSITION });
}
