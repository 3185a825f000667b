import { describe, expect, it } from 'vitest';
import { checkoutFixture, digitalLine, experienceLine, productLine } from '../test/fixtures';
import { checkoutProgress, ticketCount } from './progress';

const contact = { name: 'Ana', email: 'ana@example.com', phone: '5512345678', phone_country: 'MX' };
const delivery = { type: 'fixed' as const, days: 3, price: '99.00', price_minor: 9900 };

describe('checkout gating (spec 3 §5)', () => {
  it('is not ready to pay without contact and delivery, even with a token', () => {
    const checkout = checkoutFixture({ payment_token: 'tok' });
    expect(checkoutProgress(checkout, { attendeesReviewed: false })).toMatchObject({ readyToPay: false, next: 'contact' });
    expect(checkoutProgress({ ...checkout, contact }, { attendeesReviewed: false })).toMatchObject({ readyToPay: false, next: 'delivery' });
    expect(checkoutProgress({ ...checkout, contact, delivery }, { attendeesReviewed: false })).toMatchObject({
      readyToPay: true,
      next: null,
    });
  });

  it('needs every attendee saved and reviewed when an experience is bought', () => {
    const checkout = checkoutFixture({ lines: [experienceLine(2)], needs_attendees: true, contact, payment_token: 'tok' });
    expect(checkoutProgress(checkout, { attendeesReviewed: false }).delivery).toBe(true);
    expect(ticketCount(checkout)).toBe(2);
    const one = { ...checkout, attendees: [{ full_name: 'Ana', phone: '5512345678' }] };
    expect(checkoutProgress(one, { attendeesReviewed: true })).toMatchObject({ readyToPay: false, next: 'attendees' });
    const both = { ...checkout, attendees: [...one.attendees, { full_name: 'Luis', phone: '5587654321' }] };
    expect(checkoutProgress(both, { attendeesReviewed: false })).toMatchObject({ readyToPay: false, next: 'attendees' });
    expect(checkoutProgress(both, { attendeesReviewed: true })).toMatchObject({ readyToPay: true });
  });

  it('never shows an expired or paid checkout as ready', () => {
    const done = checkoutFixture({ contact, delivery, payment_token: 'tok', lines: [productLine(1)] });
    expect(checkoutProgress({ ...done, status: 'expired' }, { attendeesReviewed: true }).readyToPay).toBe(false);
    expect(checkoutProgress({ ...done, status: 'paid' }, { attendeesReviewed: true }).readyToPay).toBe(false);
    expect(checkoutProgress({ ...done, status: 'ready' }, { attendeesReviewed: true }).readyToPay).toBe(true);
  });

  it('asks no delivery when the server says nothing ships: ready with the token it was created with, once contact is set', () => {
    const checkout = checkoutFixture({ lines: [digitalLine(1)], status: 'ready', contact, payment_token: 'tok_digital' });
    expect(checkout.needs_delivery).toBe(false);
    expect(checkoutProgress(checkout, { attendeesReviewed: false })).toMatchObject({ delivery: true, readyToPay: true, next: null });
    expect(checkoutProgress({ ...checkout, contact: null }, { attendeesReviewed: false })).toMatchObject({
      readyToPay: false,
      next: 'contact',
    });
  });

  it('follows the server’s needs_delivery, not its own reading of the lines', () => {
    const product = checkoutFixture({ lines: [productLine(1)], needs_delivery: false, contact, payment_token: 'tok' });
    expect(checkoutProgress(product, { attendeesReviewed: false })).toMatchObject({ delivery: true, readyToPay: true });
    const digital = checkoutFixture({ lines: [digitalLine(1)], needs_delivery: true, contact, payment_token: null });
    expect(checkoutProgress(digital, { attendeesReviewed: false })).toMatchObject({ delivery: false, readyToPay: false, next: 'delivery' });
  });

  it('is never ready to pay without a payment token', () => {
    const checkout = checkoutFixture({ lines: [digitalLine(1)], contact, payment_token: null });
    expect(checkoutProgress(checkout, { attendeesReviewed: false })).toMatchObject({ delivery: true, readyToPay: false, next: 'payment' });
  });
});
