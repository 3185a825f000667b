import { CANCELLATION_REASONS, OrderLimits, type CancellationReason } from '@vitrina/contracts';
import type { OrdersKey } from '../i18n/texts';
import { todayDay } from './format';
import { pesosToMinor } from '@/lib/money';

export { pesosToMinor };

export interface FieldError {
  key: OrdersKey;
  values?: Record<string, unknown>;
}

export interface QuoteValues {
  /** `YYYY-MM-DD`. */
  date: string;
  /** Pesos with up to 2 decimals. */
  cost: string;
}

export type QuoteErrors = Partial<Record<keyof QuoteValues, FieldError>>;

/** The seller's quote (spec 3 §4): an estimated delivery date from today on and a shipping cost in pesos. */
export function validateQuote(
  values: QuoteValues,
  now: Date = new Date(),
): { errors: QuoteErrors; body?: { estimated_delivery_date: string; shipping_cost_minor: number } } {
  const errors: QuoteErrors = {};
  const date = values.date.trim();
  if (!date) errors.date = { key: 'quote.dateRequired' };
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) errors.date = { key: 'quote.dateRequired' };
  else if (date < todayDay(now)) errors.date = { key: 'quote.datePast' };
  const minor = pesosToMinor(values.cost);
  if (minor === null) errors.cost = { key: 'quote.costInvalid' };
  else if (minor > OrderLimits.shippingCostMaxMinor)
    errors.cost = { key: 'quote.costTooHigh', values: { max: OrderLimits.shippingCostMaxMinor } };
  if (Object.keys(errors).length > 0 || minor === null) return { errors };
  return { errors, body: { estimated_delivery_date: date, shipping_cost_minor: minor } };
}

export interface ShipValues {
  trackingNumber: string;
  trackingUrl: string;
}

export type ShipErrors = Partial<Record<keyof ShipValues, FieldError>>;

/** The seller ships (to_deliver → in_transit): a tracking number and link, both optional. */
export function validateShip(values: ShipValues): { errors: ShipErrors; body?: { tracking_number?: string; tracking_url?: string } } {
  const errors: ShipErrors = {};
  const number = values.trackingNumber.trim();
  const url = values.trackingUrl.trim();
  if (number.length > OrderLimits.trackingNumberMax)
    errors.trackingNumber = { key: 'ship.numberTooLong', values: { max: OrderLimits.trackingNumberMax } };
  if (url && !isHttpUrl(url)) errors.trackingUrl = { key: 'ship.urlInvalid' };
  if (Object.keys(errors).length > 0) return { errors };
  return { errors, body: { ...(number ? { tracking_number: number } : {}), ...(url ? { tracking_url: url } : {}) } };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export interface CancelValues {
  reason: CancellationReason | null;
  message: string;
}

export type CancelErrors = Partial<Record<keyof CancelValues, FieldError>>;

/** spec 3 §3 'Cancellation reasons': one of the five; 'other' takes a description (at most cancellationMessageMax). */
export function validateCancel(values: CancelValues): { errors: CancelErrors; body?: { reason: CancellationReason; message?: string } } {
  const errors: CancelErrors = {};
  const message = values.message.trim();
  if (!values.reason || !CANCELLATION_REASONS.includes(values.reason)) errors.reason = { key: 'cancel.reasonRequired' };
  if (values.reason === 'other' && !message) errors.message = { key: 'cancel.messageRequired' };
  if (message.length > OrderLimits.cancellationMessageMax) {
    errors.message = { key: 'cancel.messageTooLong', values: { max: OrderLimits.cancellationMessageMax } };
  }
  if (Object.keys(errors).length > 0 || !values.reason) return { errors };
  return { errors, body: { reason: values.reason, ...(message ? { message } : {}) } };
}
