import { PaymentErrorCodes } from '@vitrina/contracts';
import { ProviderRequestError, type ProviderPayment, type ProviderWebhookEvent } from '../../domain/payment-provider.js';
import type { PaypalCapture, PaypalLink, PaypalOrder, PaypalWebhookEvent } from './paypal.wire.js';

/** Currencies PayPal takes without decimals. JPY has none in ISO 4217 either: its minor unit is the yen. */
const NO_DECIMALS_ISO = new Set(['JPY']);
/** ISO gives these two decimals, but PayPal only takes whole units: a fractional amount is refused here, not rounded. */
const WHOLE_UNITS_ONLY = new Set(['HUF', 'TWD']);

/**
 * Integer minor units → PayPal's decimal string, exactly (string arithmetic, no floats): 12345 MXN → '123.45',
 * 1 → '0.01', 100000000 → '1000000.00'. PayPal takes at most 10 integer digits.
 */
export function toPaypalValue(amountMinor: number, currency: string): string {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
    throw new ProviderRequestError(`A PayPal amount is a positive whole number of minor units, not ${amountMinor}`, 'invalid_amount');
  }
  const code = currency.toUpperCase();
  if (NO_DECIMALS_ISO.has(code)) return String(amountMinor);
  const digits = String(amountMinor).padStart(3, '0');
  const units = digits.slice(0, -2);
  const cents = digits.slice(-2);
  if (WHOLE_UNITS_ONLY.has(code)) {
    if (cents !== '00') throw new ProviderRequestError(`PayPal takes ${code} in whole units only`, 'invalid_amount');
    return units;
  }
  return `${units}.${cents}`;
}

/** The page where the buyer approves: `payer-action` (payment_source.paypal flows) or `approve` (older orders). */
export function approvalLink(links: PaypalLink[] | undefined): string | null {
  const link = links?.find((l) => l.rel === 'payer-action') ?? links?.find((l) => l.rel === 'approve');
  return link?.href ?? null;
}

/** The capture that took (or tried to take) the money: the newest one of the first purchase unit. */
export function captureOf(order: PaypalOrder): PaypalCapture | null {
  const captures = order.purchase_units?.[0]?.payments?.captures ?? [];
  return captures.at(-1) ?? null;
}

/** Our attempt id, echoed by PayPal as the purchase unit's (or the capture's) custom_id. */
export function attemptIdOf(order: PaypalOrder): string | null {
  return order.purchase_units?.[0]?.custom_id ?? captureOf(order)?.custom_id ?? null;
}

const DECLINED_MESSAGE = 'PayPal rechazó el cobro';

/**
 * An order as the port's payment. CREATED / PAYER_ACTION_REQUIRED wait for the buyer (the approval link), APPROVED
 * waits for our capture, COMPLETED is read from its capture, VOIDED is canceled.
 */
export function mapOrder(order: PaypalOrder): ProviderPayment {
  const ref = order.id;
  // A string, not the union: PayPal may add statuses, and an unknown one must not be read as money taken.
  const status: string = order.status;
  switch (status) {
    case 'CREATED':
    case 'PAYER_ACTION_REQUIRED': {
      const url = approvalLink(order.links);
      return { ref, status: 'requires_action', chargeId: null, ...(url ? { action: { kind: 'approval', url } } : {}) };
    }
    case 'APPROVED':
    case 'SAVED':
      return { ref, status: 'approved', chargeId: null };
    case 'VOIDED':
      return { ref, status: 'canceled', chargeId: null };
    case 'COMPLETED': {
      const capture = captureOf(order);
      return capture ? mapCapture(ref, capture) : { ref, status: 'processing', chargeId: null };
    }
    case 'DECLINED':
    case 'FAILED':
      return declined(ref, PaymentErrorCodes.attemptFailed, DECLINED_MESSAGE);
    default:
      return { ref, status: 'processing', chargeId: null };
  }
}

/** A capture of order `orderRef`: COMPLETED (refunds later do not undo the payment) → succeeded, PENDING → processing. */
export function mapCapture(orderRef: string, capture: PaypalCapture): ProviderPayment {
  const status: string = capture.status;
  switch (status) {
    case 'COMPLETED':
    case 'PARTIALLY_REFUNDED':
    case 'REFUNDED':
      return { ref: orderRef, status: 'succeeded', chargeId: capture.id };
    case 'DECLINED':
    case 'FAILED':
      return declined(orderRef, PaymentErrorCodes.attemptFailed, capture.status_details?.reason ?? DECLINED_MESSAGE);
    default:
      return { ref: orderRef, status: 'processing', chargeId: null };
  }
}

export function declined(ref: string, code: string, message: string): ProviderPayment {
  return { ref, status: 'failed', chargeId: null, failure: { code, message } };
}

/**
 * A verified webhook event → the port's event. Order events carry the order (ref = its id); capture events carry
 * the capture, whose order is supplementary_data.related_ids.order_id (or its `up` link). Other types are
 * acknowledged with no payment.
 */
export function mapWebhookEvent(event: PaypalWebhookEvent): ProviderWebhookEvent {
  const resource = (typeof event.resource === 'object' && event.resource !== null ? event.resource : {}) as Record<string, unknown>;
  const base = { id: event.id, type: event.event_type };
  switch (event.event_type) {
    case 'CHECKOUT.ORDER.APPROVED':
    case 'CHECKOUT.ORDER.COMPLETED':
    case 'CHECKOUT.ORDER.VOIDED': {
      const order = resource as unknown as PaypalOrder;
      if (typeof order.id !== 'string') return { ...base, attemptId: null, payment: null };
      const mapped = mapOrder(order);
      // The event names the fact; the resource may be a step behind it.
      const payment: ProviderPayment =
        event.event_type === 'CHECKOUT.ORDER.VOIDED'
          ? { ref: order.id, status: 'canceled', chargeId: null }
          : event.event_type === 'CHECKOUT.ORDER.APPROVED' && mapped.status === 'requires_action'
            ? { ref: order.id, status: 'approved', chargeId: null }
            : mapped;
      return { ...base, attemptId: attemptIdOf(order), payment };
    }
    case 'PAYMENT.CAPTURE.COMPLETED':
    case 'PAYMENT.CAPTURE.PENDING':
    case 'PAYMENT.CAPTURE.DENIED':
    case 'PAYMENT.CAPTURE.DECLINED': {
      const capture = resource as unknown as PaypalCapture;
      const attemptId = typeof capture.custom_id === 'string' ? capture.custom_id : null;
      const orderRef = orderIdOfCapture(capture);
      if (!orderRef || typeof capture.id !== 'string') return { ...base, attemptId, payment: null };
      const payment: ProviderPayment =
        event.event_type === 'PAYMENT.CAPTURE.COMPLETED'
          ? { ref: orderRef, status: 'succeeded', chargeId: capture.id }
          : event.event_type === 'PAYMENT.CAPTURE.PENDING'
            ? { ref: orderRef, status: 'processing', chargeId: null }
            : declined(orderRef, PaymentErrorCodes.attemptFailed, capture.status_details?.reason ?? DECLINED_MESSAGE);
      return { ...base, attemptId, payment };
    }
    default: {
      const customId = resource.custom_id;
      return { ...base, attemptId: typeof customId === 'string' ? customId : null, payment: null };
    }
  }
}

function orderIdOfCapture(capture: PaypalCapture): string | null {
  const related = capture.supplementary_data?.related_ids?.order_id;
  if (typeof related === 'string' && related) return related;
  const up = capture.links?.find((l) => l.rel === 'up')?.href;
  const match = up ? /\/v2\/checkout\/orders\/([^/?#]+)/.exec(up) : null;
  return match ? decodeURIComponent(match[1]) : null;
}
