import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { loadMessagingConfig } from '../src/config/messaging-config.js';
import { inbox, mailboxMessages } from '../src/db/schema.js';
import { renderReturnLabelMessage } from '../src/delivery/templates/return-label-message.js';
import { bootStack, delivery, labelIssued, waitFor, type Stack } from './support.js';

describe('the return-label e-mail (orders.order.return_label_issued)', () => {
  let s: Stack;
  beforeAll(async () => {
    // a trailing slash in the variable must not double the one of the path
    s = await bootStack({ env: { MESSAGING_PUBLIC_URL: 'https://vitrina.example/' } });
  });
  afterAll(async () => {
    await s?.close();
  });

  const messagesTo = (to: string) => s.db.select().from(mailboxMessages).where(eq(mailboxMessages.to, to));
  /** The event went through messaging's inbox: whatever it was going to write is written. */
  const processed = (id: string) =>
    waitFor(async () => ((await s.db.select().from(inbox).where(eq(inbox.eventId, id))).length ? true : undefined), 10_000, `event ${id}`);
  const sent = (id: string) =>
    waitFor(async () => ((await delivery(s, id))?.status === 'sent' ? true : undefined), 10_000, `delivery ${id}`);

  it("e-mails an 'inbox' label once however often the event comes, with the address, tracking and return link", async () => {
    const event = labelIssued({
      shopSlug: 'café-sol',
      customerName: 'Ana <Prueba>',
      shipTo: 'Bodega "Sol" & Luna\r\n  Av. Siempre Viva 742 <b>\n\nCDMX  ',
    });
    await s.runtime.bus.publish('orders.order', [event, event]);
    await sent(event.id);
    await s.runtime.bus.publish('orders.order', [event]);
    await processed(event.id);
    await new Promise((r) => setTimeout(r, 500));

    const rows = await messagesTo(event.data.email!);
    expect(rows).toHaveLength(1);
    const [message] = rows;
    const link = `https://vitrina.example/tienda/caf%C3%A9-sol/mis-compras/devoluciones/${event.data.returnId}`;
    expect(message).toMatchObject({ channel: 'email', subject: 'Tu guía de devolución está lista', deliveryId: event.id });
    expect(message.text).toContain(
      [
        'Hola Ana <Prueba>:',
        '',
        'Tienda Sol ya emitió la guía de envío para tu devolución.',
        '',
        'Envía el paquete a esta dirección:',
        'Bodega "Sol" & Luna',
        'Av. Siempre Viva 742 <b>',
        'CDMX',
        '',
        'Transportista: Estafeta',
        'Número de rastreo: EST123456789',
        '',
        'Descarga la guía, imprímela y pégala en el paquete:',
        link,
        '',
        'Para descargarla, inicia sesión con la cuenta con la que hiciste la compra.',
      ].join('\n'),
    );
    expect(message.html).toContain('Bodega &quot;Sol&quot; &amp; Luna<br>Av. Siempre Viva 742 &lt;b&gt;<br>CDMX');
    expect(message.html).toContain('Hola Ana &lt;Prueba&gt;:');
    expect(message.html).not.toContain('<b>');
    expect(message.html).toContain('Número de rastreo: EST123456789');
    expect(message.html).toMatch(new RegExp(`<a href="${link.replace(/[.?]/g, '\\$&')}"[^>]*>Descargar guía</a>`));
    expect(message.html).toContain('inicia sesión');
    expect(await delivery(s, event.id)).toMatchObject({ status: 'sent', attempts: 1, locale: 'es', expiresAt: null });
  });

  it('sends a reissued label (a new event for the same return) again', async () => {
    const first = labelIssued();
    const again = { ...labelIssued({ ...first.data, trackingNumber: 'EST999' }), key: first.key };
    await s.runtime.bus.publish('orders.order', [first]);
    await sent(first.id);
    await s.runtime.bus.publish('orders.order', [again]);
    await sent(again.id);
    const rows = await messagesTo(first.data.email!);
    expect(rows.map((m) => m.text.match(/rastreo: (\w+)/)![1]).sort()).toEqual(['EST123456789', 'EST999']);
  });

  it("sends nothing under the 'download' policy or without a usable e-mail", async () => {
    const download = labelIssued({ policy: 'download' });
    const noEmail = labelIssued({ email: null });
    const blank = labelIssued({ email: '   ' });
    await s.runtime.bus.publish('orders.order', [download, noEmail, blank]);
    for (const e of [download, noEmail, blank]) {
      await processed(e.id);
      expect(await delivery(s, e.id)).toBeUndefined();
    }
    expect(await messagesTo(download.data.email!)).toHaveLength(0);
  });

  it('ignores the orders.order events messaging does not handle, even with the same data', async () => {
    // (placements, moves and the other return events are handled: they make bell alerts, see alerts.spec.ts)
    const refundAsked = { ...labelIssued(), type: 'orders.order.refund_requested' };
    const reviewed = { ...labelIssued(), type: 'orders.order.reviewed' };
    // published after them on the same key: once it is processed, the others have been offered already
    const marker = { ...labelIssued({ policy: 'download' }), key: refundAsked.key };
    await s.runtime.bus.publish('orders.order', [refundAsked, { ...reviewed, key: refundAsked.key }, marker]);
    await processed(marker.id);
    await new Promise((r) => setTimeout(r, 300));
    for (const e of [refundAsked, reviewed]) {
      expect(await delivery(s, e.id)).toBeUndefined();
      // filtered by type before the inbox: not even recorded
      expect(await s.db.select().from(inbox).where(eq(inbox.eventId, e.id))).toHaveLength(0);
    }
  });
});

describe('return-label template and MESSAGING_PUBLIC_URL', () => {
  it('leaves out the carrier and tracking lines it has no value for, and the address when empty', () => {
    const msg = renderReturnLabelMessage(
      { ...labelIssued().data, carrier: null, trackingNumber: '  ', shipTo: '', customerName: '' },
      'http://localhost:3000',
    );
    expect(msg.text.startsWith('Hola:\n')).toBe(true);
    expect(msg.text).not.toMatch(/Transportista|rastreo|dirección/);
    expect(msg.html).not.toMatch(/Transportista|rastreo|dirección/);
  });

  it('has the Argentine and English variants', () => {
    const data = labelIssued().data;
    expect(renderReturnLabelMessage(data, 'http://x', 'es-AR').text).toContain('Enviá el paquete a esta dirección:');
    expect(renderReturnLabelMessage(data, 'http://x', 'es-AR').text).toContain('iniciá sesión');
    const en = renderReturnLabelMessage(data, 'http://x', 'en');
    expect(en.subject).toBe('Your return label is ready');
    expect(en.html).toContain('>Download label</a>');
  });

  it('defaults to the local web app and refuses anything but an http(s) URL', () => {
    expect(loadMessagingConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadMessagingConfig({ MESSAGING_PUBLIC_URL: 'https://shop.example//' }).publicUrl).toBe('https://shop.example');
    expect(() => loadMessagingConfig({ MESSAGING_PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/MESSAGING_PUBLIC_URL/);
    expect(() => loadMessagingConfig({ MESSAGING_PUBLIC_URL: 'shop.example' })).toThrow(/MESSAGING_PUBLIC_URL/);
  });
});
