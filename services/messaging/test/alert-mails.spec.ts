import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eq, like } from 'drizzle-orm';
import type { EventEnvelope, OrderEventBase } from '@vitrina/contracts';
import { newId } from '@vitrina/platform';
import { alertMailId } from '../src/alerts/alert-recorder.js';
import { orderNumber } from '../src/alerts/alert-texts.js';
import { alerts, deliveries, inbox, mailboxMessages, shops, users } from '../src/db/schema.js';
import { orderEvent, orderParties } from './alert-events.js';
import { bootStack, delivery, waitFor, type Stack } from './support.js';

describe('e-mails of the important alerts (issue 15)', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await bootStack({ env: { MESSAGING_PUBLIC_URL: 'https://vitrina.example/' } });
  });
  afterAll(async () => {
    await s?.close();
  });

  const processed = (id: string) =>
    waitFor(async () => ((await s.db.select().from(inbox).where(eq(inbox.eventId, id))).length ? true : undefined), 10_000, `event ${id}`);
  const sent = (id: string) =>
    waitFor(async () => ((await delivery(s, id))?.status === 'sent' ? true : undefined), 10_000, `delivery ${id}`);
  const messagesTo = (to: string) => s.db.select().from(mailboxMessages).where(eq(mailboxMessages.to, to));
  const mailsOf = (eventId: string) =>
    s.db
      .select()
      .from(deliveries)
      .where(like(deliveries.id, `alert-mail.${eventId}.%`));

  /** A user of messaging's projection (as accounts.user.registered leaves it). */
  async function person(id: string, o: { name?: string; email?: string | null; locale?: string | null } = {}) {
    const email = o.email === undefined ? `${id}@example.com` : o.email;
    await s.db.insert(users).values({ id, name: o.name ?? 'Ana', email, locale: o.locale === undefined ? 'es' : o.locale });
    return email?.trim().toLowerCase() ?? null;
  }

  /** Delivered three times (twice at once, once after it was applied). */
  async function deliverThrice(event: EventEnvelope<unknown>) {
    await s.runtime.bus.publish('orders.order', [event, event]);
    await processed(event.id);
    await s.runtime.bus.publish('orders.order', [event]);
    await new Promise((r) => setTimeout(r, 200));
    await processed(event.id);
  }

  /** The one e-mail this recipient got for the event, once it is sent; the mailbox holds exactly that message. */
  async function oneMailFor(event: EventEnvelope<unknown>, userId: string, to: string) {
    const id = alertMailId(event.id, userId);
    await sent(id);
    await new Promise((r) => setTimeout(r, 300));
    const got = (await messagesTo(to)).filter((m) => m.deliveryId === id);
    expect(got).toHaveLength(1);
    expect(await messagesTo(to)).toHaveLength(1);
    const [alert] = await s.db
      .select()
      .from(alerts)
      .where(eq(alerts.eventId, event.id))
      .then((r) => r.filter((a) => a.userId === userId));
    return { mail: got[0], row: await delivery(s, id), alert };
  }

  it('order placed: one e-mail to the supplier and one to the dropshipping supplier, each in their locale, however often it comes', async () => {
    const p = orderParties({ dropshipped: true });
    await s.db.insert(shops).values({ id: p.shopId, slug: `sol-${p.shopId}`, ownerId: p.supplierId, name: 'Café <Sol> & Luna' });
    const supplierMail = await person(p.supplierId, { name: 'Sofía', email: ` ${p.supplierId.toUpperCase()}@Example.com `, locale: 'en' });
    const dsMail = await person(p.dssupplierId!, { name: 'Diego', locale: 'es-AR' });
    const customerMail = await person(p.userId);
    const event = orderEvent(
      'orders.order.placed',
      p,
      { state: 'sent_to_supplier', paymentType: 'card', prepaid: true, totalMinor: 1000, currency: 'MXN', lines: [] },
      p.userId,
    );
    await deliverThrice(event);

    const n = orderNumber(p.orderId);
    const supplier = await oneMailFor(event, p.supplierId, supplierMail!);
    expect(supplier.row).toMatchObject({
      channel: 'email',
      locale: 'en',
      expiresAt: null,
      userId: p.supplierId,
      eventType: 'orders.order.placed',
    });
    expect(supplier.mail.subject).toBe(`You have a new order: ${n}`);
    expect(supplier.mail.subject).toBe(supplier.alert.message.en);
    const supplierLink = `https://vitrina.example/apps/me/store/orders/${p.orderId}`;
    expect(supplier.alert.link).toBe(`/apps/me/store/orders/${p.orderId}`);
    expect(supplier.mail.text).toContain(
      [
        'Hi Sofía,',
        '',
        `You have a new order: ${n}`,
        '',
        `Order: ${n}`,
        'Shop: Café <Sol> & Luna',
        '',
        `Open in Vitrina: ${supplierLink}`,
      ].join('\n'),
    );
    expect(supplier.mail.html).toContain(`href="${supplierLink}"`);
    expect(supplier.mail.html).toContain('Café &lt;Sol&gt; &amp; Luna');
    expect(supplier.mail.html).not.toContain('<Sol>');

    const ds = await oneMailFor(event, p.dssupplierId!, dsMail!);
    expect(ds.row.locale).toBe('es-AR');
    expect(ds.mail.subject).toBe(`Tenés un nuevo pedido: ${n}`);
    expect(ds.mail.text).toContain(`https://vitrina.example/apps/me/dssupplier/orders/${p.orderId}`);
    expect(ds.mail.text).toContain('iniciá sesión');

    // the customer placed it: no alert, no e-mail
    expect(await messagesTo(customerMail!)).toHaveLength(0);
    expect(await mailsOf(event.id)).toHaveLength(2);
  });

  it('order shipped (in_transit) and delivered: the customer alone is e-mailed; other moves are not', async () => {
    const p = orderParties();
    const customerMail = await person(p.userId, { name: 'Luis' });
    const supplierMail = await person(p.supplierId);
    const processing = orderEvent(
      'orders.order.advanced',
      p,
      { from: 'sent_to_supplier', to: 'in_process', actor: 'supplier' },
      p.supplierId,
    );
    const shipped = orderEvent('orders.order.advanced', p, { from: 'to_deliver', to: 'in_transit', actor: 'supplier' }, p.supplierId);
    await deliverThrice(processing);
    await deliverThrice(shipped);
    const n = orderNumber(p.orderId);
    const ship = await oneMailFor(shipped, p.userId, customerMail!);
    expect(ship.row.locale).toBe('es');
    expect(ship.mail.subject).toBe(`Tu pedido ${n} cambió de estado: En tránsito.`);
    expect(ship.mail.text).toContain(`Ver en Vitrina: https://vitrina.example/mis-compras/${p.orderId}`);
    expect(await mailsOf(processing.id)).toHaveLength(0);

    const delivered = orderEvent('orders.order.delivered', p, {});
    await deliverThrice(delivered);
    // the customer's mailbox now holds two messages (shipped, delivered): counted per delivery
    const id = alertMailId(delivered.id, p.userId);
    await sent(id);
    const got = (await messagesTo(customerMail!)).filter((m) => m.deliveryId === id);
    expect(got).toHaveLength(1);
    expect(got[0].subject).toBe(`Tu pedido ${n} fue entregado.`);
    expect(await messagesTo(customerMail!)).toHaveLength(2);
    // the supplier had an alert of the delivery, not an e-mail
    expect(await s.db.select().from(alerts).where(eq(alerts.eventId, delivered.id))).toHaveLength(2);
    expect(await mailsOf(delivered.id)).toHaveLength(1);
    expect(await messagesTo(supplierMail!)).toHaveLength(0);
  });

  it('refund done: the customer is e-mailed the amount; a closed return (unimportant) is not', async () => {
    const p = orderParties();
    const customerMail = await person(p.userId, { locale: 'en' });
    const returnId = newId();
    const refunded = orderEvent(
      'orders.order.refunded',
      p,
      { returnId, amountMinor: 129_950, currency: 'MXN', destination: 'original' },
      p.supplierId,
    );
    const closed = orderEvent('orders.order.return_closed', p, { returnId }, p.supplierId);
    await deliverThrice(refunded);
    await deliverThrice(closed);
    const r = await oneMailFor(refunded, p.userId, customerMail!);
    expect(r.mail.subject).toBe(`We refunded $1,299.50 MXN for order ${orderNumber(p.orderId)}.`);
    expect(r.mail.text).toContain(`https://vitrina.example/mis-compras/devoluciones/${returnId}`);
    expect(await s.db.select().from(alerts).where(eq(alerts.eventId, closed.id))).toHaveLength(1);
    expect(await mailsOf(closed.id)).toHaveLength(0);
  });

  it('no e-mail for a recipient without a usable address, or unknown to the projection; the alert is still written', async () => {
    const noMail = orderParties();
    await person(noMail.userId, { email: null });
    const bad = orderParties();
    await person(bad.userId, { email: 'not an address' });
    const unknown = orderParties();
    const events: EventEnvelope<unknown>[] = [noMail, bad, unknown].map((p: OrderEventBase) => orderEvent('orders.order.delivered', p, {}));
    for (const e of events) await deliverThrice(e);
    for (const e of events) {
      expect(await s.db.select().from(alerts).where(eq(alerts.eventId, e.id))).toHaveLength(2);
      expect(await mailsOf(e.id)).toHaveLength(0);
    }
  });
});
