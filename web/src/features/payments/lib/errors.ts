import { PaymentErrorCodes } from '@vitrina/contracts';
import { isApiError, NETWORK_ERROR_CODE } from '@/api/client';
import type { PaymentsKey } from '../i18n/texts';

/**
 * spec 3 §8 'Payments'. A card refused with a code shows that code's message (ours for the codes we know, else the
 * server's message) in a top-right error toast for 5 s, and 'Ha ocurrido un error' without a code. A payment that
 * could not start says to choose another method or try later. The checkout's own refusals (expired, not ready,
 * already paid) have their texts.
 */
const CARD_MESSAGES = {
  [PaymentErrorCodes.insufficientFunds]: 'errors.card_insufficient_funds',
  [PaymentErrorCodes.doNotHonor]: 'errors.card_do_not_honor',
  [PaymentErrorCodes.expiredCard]: 'errors.card_expired',
  [PaymentErrorCodes.instalmentsNotAccepted]: 'errors.card_instalments_not_accepted',
  [PaymentErrorCodes.contactBank]: 'errors.payment_contact_bank',
  [PaymentErrorCodes.attemptFailed]: 'errors.payment_attempt_failed',
  [PaymentErrorCodes.invalidCard]: 'errors.invalid_card',
  [PaymentErrorCodes.invalidInstalments]: 'errors.invalid_instalments',
  [PaymentErrorCodes.cardNotFound]: 'errors.card_not_found',
} as const satisfies Record<string, PaymentsKey>;

const CHECKOUT_MESSAGES = {
  [PaymentErrorCodes.checkoutExpired]: 'errors.checkout_expired',
  [PaymentErrorCodes.checkoutNotReady]: 'errors.checkout_not_ready',
  [PaymentErrorCodes.alreadyPaid]: 'errors.checkout_already_paid',
  [PaymentErrorCodes.methodNotEnabled]: 'errors.payment_method_not_enabled',
  [PaymentErrorCodes.paymentNotFound]: 'errors.payment_not_found',
  idempotency_key_in_flight: 'errors.in_flight',
  rate_limited: 'errors.rate_limited',
} as const satisfies Record<string, PaymentsKey>;

/** What a failed payment shows. `text` is the server's own message (shown only for an unknown card code). */
export type PaymentFailure =
  | { kind: 'card'; key: PaymentsKey }
  | { kind: 'card-text'; text: string }
  | { kind: 'checkout'; key: PaymentsKey; code: string }
  | { kind: 'start' };

export function cardMessageKey(code: string): PaymentsKey | null {
  return Object.hasOwn(CARD_MESSAGES, code) ? CARD_MESSAGES[code as keyof typeof CARD_MESSAGES] : null;
}

/** A card failure as the attempt or the 402 answer reports it: `{ code, message }` (either may be missing). */
export function cardFailure(code: string | null | undefined, message: string | null | undefined): PaymentFailure {
  const key = code ? cardMessageKey(code) : null;
  if (key) return { kind: 'card', key };
  if (code && message) return { kind: 'card-text', text: message };
  return { kind: 'card', key: 'errors.unknown' };
}

/**
 * What a refused payment start or return says: a 402 is the card's (or the plan's) refusal; the checkout's own
 * codes have their texts; a provider that could not be reached (503 payment_setup_failed), any other 5xx, no
 * answer or an unknown code is a start failure.
 */
export function paymentFailure(error: unknown): PaymentFailure {
  if (!isApiError(error)) return { kind: 'start' };
  if (error.status === 402) return cardFailure(error.code, error.message);
  if (Object.hasOwn(CHECKOUT_MESSAGES, error.code)) {
    return { kind: 'checkout', key: CHECKOUT_MESSAGES[error.code as keyof typeof CHECKOUT_MESSAGES], code: error.code };
  }
  const key = cardMessageKey(error.code);
  if (key) return { kind: 'card', key };
  if (error.code === NETWORK_ERROR_CODE || error.code === PaymentErrorCodes.setupFailed) return { kind: 'start' };
  return { kind: 'start' };
}
