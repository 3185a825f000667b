import type { Checkout } from '../api/types';

/**
 * spec 3 §5 'Checkout requires valid contact and shipping fields; a shipping method is needed before payment;
 * attendee information must be reviewed; date and time are required when delivery is scheduled.' What the page
 * shows as done, and whether it may show 'ready to pay'. The server refuses the same things; this keeps the
 * shopper from reaching the payment part before they are done.
 */

type ProgressCheckout = Pick<
  Checkout,
  'status' | 'lines' | 'contact' | 'delivery' | 'needs_delivery' | 'needs_attendees' | 'attendees' | 'payment_token'
>;

/** One attendee per experience ticket. */
export function ticketCount(checkout: Pick<Checkout, 'lines'>): number {
  return checkout.lines.filter((line) => line.type === 'experience').reduce((sum, line) => sum + line.amount, 0);
}

export type StepName = 'contact' | 'delivery' | 'attendees' | 'payment';

export interface CheckoutProgress {
  contact: boolean;
  delivery: boolean;
  attendees: boolean;
  /** Every step done and the server handed the payment token (with the delivery, or at creation when nothing is delivered). */
  readyToPay: boolean;
  /** The first step still to do; null when ready. */
  next: StepName | null;
  /** The checkout can still change (not expired, paid or cancelled). */
  editable: boolean;
}

export function checkoutProgress(checkout: ProgressCheckout, { attendeesReviewed }: { attendeesReviewed: boolean }): CheckoutProgress {
  const editable = checkout.status === 'open' || checkout.status === 'ready';
  const contact = checkout.contact !== null;
  // The server says whether anything ships: only products do (not services, experiences or digital items).
  const delivery = !checkout.needs_delivery || checkout.delivery !== null;
  const attendees = !checkout.needs_attendees || (checkout.attendees.length >= ticketCount(checkout) && attendeesReviewed);
  const allSet = contact && delivery && attendees;
  // The payment token comes with the delivery; a checkout with nothing to deliver is created with it.
  const readyToPay = editable && allSet && checkout.payment_token !== null;
  const next: StepName | null = !contact ? 'contact' : !delivery ? 'delivery' : !attendees ? 'attendees' : readyToPay ? null : 'payment';
  return { contact, delivery, attendees, readyToPay, next, editable };
}
