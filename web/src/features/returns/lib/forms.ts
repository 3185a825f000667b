import { RETURN_REASONS, ReturnLimits, type ReturnReason } from '@vitrina/contracts';
import type { ReturnLabelBody } from '../api/return-label';
import type { ReturnRequestBody } from '../api/request-return';
import type { ReturnsKey } from '../i18n/texts';
import { pesosToMinor } from '@/lib/money';

export { pesosToMinor };

export interface FieldError {
  key: ReturnsKey;
  values?: Record<string, unknown>;
}

export interface ReturnFormValues {
  reason: string;
  subReason: string;
  photos: string[];
  comments: string;
}

export type ReturnFormErrors = Partial<Record<keyof ReturnFormValues, FieldError>>;

function isReason(value: string): value is ReturnReason {
  return (RETURN_REASONS as readonly string[]).includes(value);
}

/** spec 3 §9 and §5: one of the 17 reasons; the sub-reason, photos and comments within the contract's limits. */
export function validateReturnForm(values: ReturnFormValues): { errors: ReturnFormErrors; body?: ReturnRequestBody } {
  const errors: ReturnFormErrors = {};
  if (!isReason(values.reason)) errors.reason = { key: 'validation.reasonRequired' };
  const subReason = values.subReason.trim();
  if (subReason.length > ReturnLimits.subReasonMax)
    errors.subReason = { key: 'validation.tooLong', values: { max: ReturnLimits.subReasonMax } };
  const comments = values.comments.trim();
  if (comments.length > ReturnLimits.commentsMax)
    errors.comments = { key: 'validation.tooLong', values: { max: ReturnLimits.commentsMax } };
  if (values.photos.length > ReturnLimits.photosMax)
    errors.photos = { key: 'validation.tooManyPhotos', values: { max: ReturnLimits.photosMax } };
  if (Object.keys(errors).length > 0 || !isReason(values.reason)) return { errors };
  const body: ReturnRequestBody = { reason: values.reason };
  if (subReason) body.sub_reason = subReason;
  if (values.photos.length > 0) body.photos = values.photos;
  if (comments) body.comments = comments;
  return { errors, body };
}

/** The seller's refund (spec 3 §3 'Refund'): pesos with up to 2 decimals, more than zero, at most the amount available. */
export function validateRefund(text: string, availableMinor: number): { error?: FieldError; amountMinor?: number } {
  if (!text.trim()) return { error: { key: 'validation.amountRequired' } };
  const minor = pesosToMinor(text);
  if (minor === null) return { error: { key: 'validation.amountInvalid' } };
  if (minor <= 0) return { error: { key: 'validation.amountPositive' } };
  if (minor > availableMinor) return { error: { key: 'validation.amountExceeds' } };
  return { amountMinor: minor };
}

/** A note or comment: some text, at most `max` characters. */
export function validateText(text: string, max: number): { error?: FieldError; body?: string } {
  const body = text.trim();
  if (!body) return { error: { key: 'validation.bodyRequired' } };
  if (body.length > max) return { error: { key: 'validation.tooLong', values: { max } } };
  return { body };
}

export interface LabelFormValues {
  shipTo: string;
  carrier: string;
  trackingNumber: string;
}

export type LabelFormErrors = Partial<Record<keyof LabelFormValues, FieldError>>;

/** The return label (spec 3 §3 'return_shipping_label'): an address of 10 to 500 characters; carrier and guide optional. */
export function validateLabel(values: LabelFormValues): { errors: LabelFormErrors; body?: ReturnLabelBody } {
  const errors: LabelFormErrors = {};
  const shipTo = values.shipTo.trim();
  const carrier = values.carrier.trim();
  const trackingNumber = values.trackingNumber.trim();
  if (!shipTo) errors.shipTo = { key: 'validation.shipToRequired' };
  else if (shipTo.length < ReturnLimits.labelShipToMin)
    errors.shipTo = { key: 'validation.tooShort', values: { min: ReturnLimits.labelShipToMin } };
  else if (shipTo.length > ReturnLimits.labelShipToMax)
    errors.shipTo = { key: 'validation.tooLong', values: { max: ReturnLimits.labelShipToMax } };
  if (carrier.length > ReturnLimits.labelCarrierMax)
    errors.carrier = { key: 'validation.tooLong', values: { max: ReturnLimits.labelCarrierMax } };
  if (trackingNumber.length > ReturnLimits.labelTrackingMax)
    errors.trackingNumber = { key: 'validation.tooLong', values: { max: ReturnLimits.labelTrackingMax } };
  if (Object.keys(errors).length > 0) return { errors };
  const body: ReturnLabelBody = { ship_to: shipTo };
  if (carrier) body.carrier = carrier;
  if (trackingNumber) body.tracking_number = trackingNumber;
  return { errors, body };
}
