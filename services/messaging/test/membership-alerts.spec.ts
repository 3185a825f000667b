import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { MembershipEvents, type EventEnvelope } from '@vitrina/contracts';
import { newId } from '@vitrina/platform';
import { alerts, inbox } from '../src/db/schema.js';
import { bootStack, waitFor, type Stack } from './support.js';

function envelope(type: string, data: Record<string, unknown>): EventEnvelope<Record<string, unknown>> {
  return { id: newId(), type, version: 1, occurredAt: new Date().toISOString(), key: String(data.userId), traceId: newId(), data };
}

describe('membership alerts (accounts.membership, issue 16)', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await bootStack();
  });
  afterAll(async () => {
    await s?.close();
  });

  const processed = (id: string) =>
    waitFor(async () => ((await s.db.select().from(inbox).where(eq(inbox.eventId, id))).length ? true : undefined), 10_000, `event ${id}`);
  const rowsOf = (eventId: string) => s.db.select().from(alerts).where(eq(alerts.eventId, eventId));

  it('tells the user of an activation, a renewal to pay (linking its payment page) and a lapse, once each', async () => {
    const userId = newId();
    const activated = envelope(MembershipEvents.activated, {
      purchaseId: newId(),
      userId,
      packageId: 'micro',
      packageName: 'Micro',
      kind: 'purchase',
      commissionRate: '0.550000',
      chargeDate: '2026-12-27T12:00:00.000Z',
    });
    const due = envelope(MembershipEvents.renewalDue, {
      purchaseId: newId(),
      userId,
      packageId: 'micro',
      packageName: 'Micro',
      paymentToken: 'mp_abc',
      lapsesAt: '2027-01-03T12:00:00.000Z',
    });
    const lapsed = envelope(MembershipEvents.lapsed, { userId, packageId: 'micro', packageName: 'Micro' });
    await s.runtime.bus.publish('accounts.membership', [activated, activated, due, lapsed]);
    for (const e of [activated, due, lapsed]) await processed(e.id);

    const [a] = await rowsOf(activated.id);
    expect(await rowsOf(activated.id)).toHaveLength(1);
    expect(a).toMatchObject({
      userId,
      origin: 'memberships',
      type: 'membership_activated',
      subtype: 'purchase',
      link: '/apps/paquetes/micro',
    });
    expect(a.message.es).toBe('Tu paquete Micro está activo. El próximo cobro es el 27 de diciembre de 2026.');
    const [d] = await rowsOf(due.id);
    expect(d).toMatchObject({ origin: 'payments', type: 'membership_renewal_due', link: '/me/payments/mp_abc' });
    expect(d.message['es-AR']).toContain('Pagalo antes del 3 de enero de 2027');
    const [l] = await rowsOf(lapsed.id);
    expect(l).toMatchObject({ origin: 'memberships', type: 'membership_lapsed', link: '/apps/paquetes/micro' });
    expect(l.message.en).toBe('Your Micro package expired. Your resales earn the base commission until you buy a package again.');
  });

  it("makes no payment alert of a package's payment (its activation tells it)", async () => {
    const paid = envelope('payment.succeeded', {
      checkoutId: newId(),
      userId: newId(),
      purpose: 'membership',
      amountMinor: 24_900,
      currency: 'MXN',
      method: 'card',
    });
    await s.runtime.bus.publish('payment', [paid]);
    await processed(paid.id);
    expect(await rowsOf(paid.id)).toEqual([]);
  });

  it("leads a package's refused or lapsed payment back to the packages, not to the purchases", async () => {
    const userId = newId();
    const failed = envelope('payment.failed', {
      checkoutId: newId(),
      userId,
      purpose: 'membership',
      method: 'card',
      code: 'card_declined',
    });
    const expired = envelope('payment.expired', { checkoutId: newId(), userId, purpose: 'membership', method: 'cash' });
    const order = envelope('payment.failed', { checkoutId: newId(), userId, purpose: 'order', method: 'card', code: 'card_declined' });
    await s.runtime.bus.publish('payment', [failed, expired, order]);
    for (const e of [failed, expired, order]) await processed(e.id);
    const [f] = await rowsOf(failed.id);
    expect(f).toMatchObject({ origin: 'payments', type: 'payment_failed', link: '/apps/paquetes' });
    expect(f.message.es).toBe('El pago de tu paquete no se pudo completar. Puedes intentarlo de nuevo con otro método.');
    const [x] = await rowsOf(expired.id);
    expect(x).toMatchObject({ origin: 'payments', type: 'payment_expired', link: '/apps/paquetes' });
    expect(x.message['es-AR']).toBe('Venció el plazo para pagar tu paquete. Si todavía lo querés, volvé a comprarlo.');
    const [o] = await rowsOf(order.id);
    expect(o).toMatchObject({ type: 'payment_failed', link: '/mis-compras' });
  });
});
