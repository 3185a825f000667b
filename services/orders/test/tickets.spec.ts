import type { CheckoutOrderLineSnapshot } from '@vitrina/contracts';
import { newId } from '@vitrina/platform';
import { unzipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { snapshot, startWorld, type World } from './world.js';

/** An experience line of `n` tickets (the checkout's attendee form has one entry per ticket). */
function experience(ownerId: string, n: number, name = 'Cata de mezcal'): CheckoutOrderLineSnapshot {
  return {
    itemId: newId(),
    variantKey: '',
    variant: {},
    name,
    photo: null,
    type: 'experience',
    slug: 'cata',
    ownerId,
    quantity: n,
    unitPriceMinor: 50000,
    contributionMarginMinor: 0,
    experienceDate: '2027-03-14T19:30:00.000Z',
  };
}

const people = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ full_name: `Asistente Número ${i + 1}`, phone: `55123456${String(i).padStart(2, '0')}` }));

describe('tickets: attendee tickets with a signed QR, downloads, check-in, establishment sales', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld();
  });
  afterAll(async () => {
    await w?.close();
  });

  /** A paid order of `n` tickets: its id, the buyer's path segment and token, the supplier. */
  async function bought(n: number, over: { attendees?: { full_name: string; phone: string }[] } = {}) {
    const buyer = newId();
    const supplier = newId();
    const snap = snapshot({
      userId: buyer,
      supplierId: supplier,
      lines: [experience(supplier, n)],
      attendees: over.attendees ?? people(n),
      delivery: null,
      shippingMinor: 0,
    });
    const id = await w.paid(snap);
    return { id, buyer, supplier, me: `${buyer}:${buyer}`, auth: await w.token(buyer), sauth: await w.token(supplier) };
  }

  async function download(url: string, auth: string) {
    const res = await w.app.inject({ method: 'GET', url, headers: { authorization: auth } });
    return { status: res.statusCode, bytes: new Uint8Array(res.rawPayload), headers: res.headers, body: res.body };
  }

  const checkIn = async (auth: string, code: string, headers: Record<string, string> = {}) =>
    w.request('POST', '/orders/checkin', { auth, payload: { code }, headers });

  it('two attendees bought make two tickets, named from the form, with signed QR codes', async () => {
    const o = await bought(2, {
      attendees: [
        { full_name: 'Ana López', phone: '5512345678' },
        { full_name: 'Iñaki Peña', phone: '+5215587654321' },
      ],
    });
    const list = await w.request('GET', `/orders/${o.me}/orders/${o.id}/attendants`, { auth: o.auth });
    expect(list.status).toBe(200);
    expect(list.body.matches_estimated).toBe(2);
    expect(list.body.results.map((a: { full_name: string }) => a.full_name)).toEqual(['Ana López', 'Iñaki Peña']);
    for (const a of list.body.results) {
      expect(a).toMatchObject({ order_id: o.id, type: 'purchase', item_name: 'Cata de mezcal', used: false, used_at: null });
      expect(a.experience_date).toBe('2027-03-14T19:30:00.000Z');
      expect(a.qr_code).toMatch(new RegExp(`^vt1\\.${a.id}\\.[A-Za-z0-9_-]{43}$`));
    }
    const one = await w.request('GET', `/orders/${o.me}/orders/${o.id}/attendants/${list.body.results[1].id}`, { auth: o.auth });
    expect([one.status, one.body.phone]).toEqual([200, '+5215587654321']);
    const order = await w.request('GET', `/orders/${o.me}/orders/${o.id}`, { auth: o.auth });
    expect(order.body.attendees_count).toBe(2);
  });

  it('pages the tickets 10 at a time (spec 3 §9), offset and limit as asked', async () => {
    const o = await bought(13);
    const first = await w.request('GET', `/orders/${o.me}/orders/${o.id}/attendants`, { auth: o.auth });
    expect([first.body.results.length, first.body.matches_estimated]).toEqual([10, 13]);
    const second = await w.request('GET', `/orders/${o.me}/orders/${o.id}/attendants?offset=10`, { auth: o.auth });
    expect(second.body.results.map((a: { full_name: string }) => a.full_name)).toEqual([
      'Asistente Número 11',
      'Asistente Número 12',
      'Asistente Número 13',
    ]);
    const small = await w.request('GET', `/orders/${o.me}/orders/${o.id}/attendants?offset=2&limit=3`, { auth: o.auth });
    expect(small.body.results.map((a: { full_name: string }) => a.full_name)).toEqual([
      'Asistente Número 3',
      'Asistente Número 4',
      'Asistente Número 5',
    ]);
    for (const bad of ['limit=0', 'limit=101', 'offset=-1', 'limit=abc']) {
      const r = await w.request('GET', `/orders/${o.me}/orders/${o.id}/attendants?${bad}`, { auth: o.auth });
      expect([bad, r.status, r.body.code]).toEqual([bad, 400, 'validation_failed']);
    }
  });

  it("updates an attendee's name and phone (cleaned), refuses bad values, and refuses once the ticket is used", async () => {
    const o = await bought(1);
    const [ticket] = (await w.request('GET', `/orders/${o.me}/orders/${o.id}/attendants`, { auth: o.auth })).body.results;
    const url = `/orders/${o.me}/orders/${o.id}/attendants/${ticket.id}`;
    const renamed = await w.request('PATCH', url, { auth: o.auth, payload: { full_name: '  María   José ', phone: '55 1111 2222' } });
    expect([renamed.status, renamed.body.full_name, renamed.body.phone]).toEqual([200, 'María José', '5511112222']);
    const onlyPhone = await w.request('PATCH', url, { auth: o.auth, payload: { phone: '+525533334444' } });
    expect([onlyPhone.body.full_name, onlyPhone.body.phone]).toEqual(['María José', '+525533334444']);
    for (const payload of [
      { full_name: '   ' },
      { phone: '12ab' },
      { phone: '1234' },
      { full_name: 'x'.repeat(101) },
      { full_name: null },
      { other: 1 },
    ]) {
      const r = await w.request('PATCH', url, { auth: o.auth, payload });
      expect([JSON.stringify(payload), r.status, r.body.code]).toEqual([JSON.stringify(payload), 400, 'validation_failed']);
    }
    expect((await w.request('GET', url, { auth: o.auth })).body.full_name).toBe('María José');
    expect((await checkIn(o.sauth, ticket.qr_code)).body.status).toBe('checked_in');
    const late = await w.request('PATCH', url, { auth: o.auth, payload: { full_name: 'Otra Persona' } });
    expect([late.status, late.body.code]).toEqual([409, 'ticket_already_used']);
    expect((await w.request('GET', url, { auth: o.auth })).body).toMatchObject({ full_name: 'María José', used: true });
    const missing = await w.request('PATCH', `/orders/${o.me}/orders/${o.id}/attendants/${newId()}`, {
      auth: o.auth,
      payload: { phone: '5512345678' },
    });
    expect([missing.status, missing.body.code]).toEqual([404, 'attendant_not_found']);
  });

  it('a ticket PDF starts with %PDF and opens; the order PDF has a page per ticket; the zip holds one PDF per attendee', async () => {
    const o = await bought(3, {
      attendees: [
        { full_name: 'Ana López', phone: '5512345678' },
        { full_name: 'Łukasz 李雷 Ørsted', phone: '5512345679' },
        { full_name: 'Zoë Ñandú', phone: '5512345670' },
      ],
    });
    const tickets = (await w.request('GET', `/orders/${o.me}/orders/${o.id}/attendants`, { auth: o.auth })).body.results as {
      id: string;
    }[];
    const single = await download(`/orders/${o.me}/orders/${o.id}/attendants/${tickets[1].id}.pdf`, o.auth);
    expect(single.status).toBe(200);
    expect(single.headers['content-type']).toBe('application/pdf');
    expect(String(single.headers['content-disposition'])).toMatch(/^attachment; filename="boleto-02-.*\.pdf"$/);
    expect(Buffer.from(single.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect((await PDFDocument.load(single.bytes)).getPageCount()).toBe(1);
    const english = await download(`/orders/${o.me}/orders/${o.id}/attendants/${tickets[0].id}.pdf?lang=en`, o.auth);
    expect([english.status, (await PDFDocument.load(english.bytes)).getPageCount()]).toEqual([200, 1]);

    const all = await download(`/orders/${o.me}/orders/${o.id}/attendants/pdf`, o.auth);
    expect([all.status, all.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect((await PDFDocument.load(all.bytes)).getPageCount()).toBe(3);

    const zip = await download(`/orders/${o.me}/orders/${o.id}/attendants/zip`, o.auth);
    expect([zip.status, zip.headers['content-type']]).toEqual([200, 'application/zip']);
    const files = unzipSync(zip.bytes);
    const names = Object.keys(files).sort();
    expect(names).toEqual(['boleto-01-ana-lopez.pdf', 'boleto-02-ukasz-rsted.pdf', 'boleto-03-zoe-nandu.pdf']);
    for (const name of names) {
      expect(Buffer.from(files[name].subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      expect((await PDFDocument.load(files[name])).getPageCount()).toBe(1);
    }
    const badLang = await w.request('GET', `/orders/${o.me}/orders/${o.id}/attendants/zip?lang=fr`, { auth: o.auth });
    expect(badLang.status).toBe(400);
    const missing = await w.request('GET', `/orders/${o.me}/orders/${o.id}/attendants/${newId()}.pdf`, { auth: o.auth });
    expect([missing.status, missing.body.code]).toEqual([404, 'attendant_not_found']);
  });

  it('checks a ticket in once; a second scan answers already_used with the time of the first', async () => {
    const o = await bought(2);
    const [ticket, other] = (await w.request('GET', `/orders/${o.me}/orders/${o.id}/attendants`, { auth: o.auth })).body.results;
    const first = await checkIn(o.sauth, ticket.qr_code);
    expect([first.status, first.body.status, first.body.attendant.id, first.body.attendant.used]).toEqual([
      200,
      'checked_in',
      ticket.id,
      true,
    ]);
    const second = await checkIn(o.sauth, ticket.qr_code);
    expect([second.status, second.body.status]).toEqual([200, 'already_used']);
    expect(second.body.attendant.used_at).toBe(first.body.attendant.used_at);
    // the supplier's qrreader collaborator (issue 16) may scan too; a qrreader of another shop, a dispatcher of this one
    // or a user holding only a `qrreader` keychain entry may not; the other ticket is still unused until the reader's scan
    for (const outsider of [
      await w.token(newId(), 2, [], { [newId()]: 'qrreader' }),
      await w.token(newId(), 2, [], { [o.supplier]: 'dispatcher' }),
      await w.token(newId(), 2, ['qrreader']),
    ]) {
      const refused = await checkIn(outsider, other.qr_code);
      expect([refused.status, refused.body.code]).toEqual([403, 'not_qr_reader']);
    }
    const reader = await w.token(newId(), 2, [], { [o.supplier]: 'qrreader' });
    expect((await checkIn(reader, other.qr_code)).body.status).toBe('checked_in');
    const [row] = await w.sql<{ used_by: string }>(`select used_by from orders.attendants where id = '${other.id}'`);
    expect(row.used_by).not.toBe(o.supplier);
    // the customer's list shows both used
    const list = await w.request('GET', `/orders/${o.me}/orders/${o.id}/attendants`, { auth: o.auth });
    expect(list.body.results.map((a: { used: boolean }) => a.used)).toEqual([true, true]);
  });

  it('an Idempotency-Key retry of a check-in gets the first answer again', async () => {
    const o = await bought(1);
    const [ticket] = (await w.request('GET', `/orders/${o.me}/orders/${o.id}/attendants`, { auth: o.auth })).body.results;
    const key = { 'idempotency-key': newId() };
    const first = await checkIn(o.sauth, ticket.qr_code, key);
    const retry = await checkIn(o.sauth, ticket.qr_code, key);
    expect(first.body.status).toBe('checked_in');
    expect([retry.raw, retry.headers['idempotent-replayed']]).toEqual([first.raw, 'true']);
  });

  it('refuses a forged or tampered code (422 ticket_invalid) and marks nothing', async () => {
    const o = await bought(2);
    const [a, b] = (await w.request('GET', `/orders/${o.me}/orders/${o.id}/attendants`, { auth: o.auth })).body.results;
    const [version, id, mac] = (a.qr_code as string).split('.');
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const forged = [
      `${version}.${id}.${flip(mac, 0)}`, // one character of the MAC changed
      `${version}.${id}.${flip(mac, mac.length - 1)}`, // the last one (its spare bits)
      `${version}.${b.id}.${mac}`, // another ticket's id with the first MAC
      `${version}.${newId()}.${mac}`, // an id that does not exist
      `vt2.${id}.${mac}`,
      `${version}.${id}`,
      `${version}.${id}.${mac}.x`,
      id,
      'not a ticket',
    ];
    for (const code of forged) {
      const r = await checkIn(o.sauth, code);
      expect([code, r.status, r.body.code]).toEqual([code, 422, 'ticket_invalid']);
    }
    const used = await w.sql<{ n: string }>(
      `select count(*) as n from orders.attendants where order_id = '${o.id}' and used_at is not null`,
    );
    expect(Number(used[0].n)).toBe(0);
    const empty = await checkIn(o.sauth, '');
    expect(empty.status).toBe(400);
    const long = await checkIn(o.sauth, 'x'.repeat(201));
    expect(long.status).toBe(400);
  });

  it('refuses a scanner without the right (403 not_qr_reader) and an anonymous one (401), and marks nothing', async () => {
    const o = await bought(1);
    const [ticket] = (await w.request('GET', `/orders/${o.me}/orders/${o.id}/attendants`, { auth: o.auth })).body.results;
    for (const auth of [await w.token(newId()), await w.token(newId(), 2, ['orders-affinity']), o.auth]) {
      const r = await checkIn(auth, ticket.qr_code);
      expect([r.status, r.body.code]).toEqual([403, 'not_qr_reader']);
    }
    const anonymous = await w.request('POST', '/orders/checkin', { payload: { code: ticket.qr_code } });
    expect(anonymous.status).toBe(401);
    const [row] = await w.sql<{ used_at: string | null }>(`select used_at from orders.attendants where id = '${ticket.id}'`);
    expect(row.used_at).toBeNull();
  });

  it("another customer's token on an order's tickets is 404 and changes nothing", async () => {
    const o = await bought(1);
    const [ticket] = (await w.request('GET', `/orders/${o.me}/orders/${o.id}/attendants`, { auth: o.auth })).body.results;
    const thief = newId();
    const tme = `${thief}:${thief}`;
    const tauth = await w.token(thief);
    const base = `/orders/${tme}/orders/${o.id}/attendants`;
    for (const url of [base, `${base}/${ticket.id}`, `${base}/${ticket.id}.pdf`, `${base}/pdf`, `${base}/zip`]) {
      const r = await w.request('GET', url, { auth: tauth });
      expect([url, r.status, r.body.code]).toEqual([url, 404, 'order_not_found']);
    }
    const patched = await w.request('PATCH', `${base}/${ticket.id}`, { auth: tauth, payload: { full_name: 'Ladrón' } });
    expect([patched.status, patched.body.code]).toEqual([404, 'order_not_found']);
    // the supplier is not the customer either
    const sup = await w.request('GET', `/orders/${o.supplier}:${o.supplier}/orders/${o.id}/attendants`, { auth: o.sauth });
    expect(sup.status).toBe(404);
    // and someone else's path with one's own token is the owner check's 403
    const wrongPath = await w.request('GET', `/orders/${o.me}/orders/${o.id}/attendants`, { auth: tauth });
    expect(wrongPath.status).toBe(403);
    const after = await w.request('GET', `/orders/${o.me}/orders/${o.id}/attendants/${ticket.id}`, { auth: o.auth });
    expect(after.body).toEqual(ticket);
  });

  it('refuses the tickets of a cancelled order (409 order_already_cancelled) and marks nothing', async () => {
    const o = await bought(1);
    const [ticket] = (await w.request('GET', `/orders/${o.me}/orders/${o.id}/attendants`, { auth: o.auth })).body.results;
    const cancelled = await w.request('DELETE', `/orders/${o.me}/orders/${o.id}`, { auth: o.auth, payload: { message: 'No podré ir' } });
    expect([cancelled.status, cancelled.body.state]).toEqual([200, 'cancelled_by_customer']);
    const r = await checkIn(o.sauth, ticket.qr_code);
    expect([r.status, r.body.code]).toEqual([409, 'order_already_cancelled']);
    const [row] = await w.sql<{ used_at: string | null }>(`select used_at from orders.attendants where id = '${ticket.id}'`);
    expect(row.used_at).toBeNull();
  });

  it('two concurrent check-ins of one ticket: exactly one checks it in', async () => {
    const o = await bought(1);
    const [ticket] = (await w.request('GET', `/orders/${o.me}/orders/${o.id}/attendants`, { auth: o.auth })).body.results;
    const readers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i === 0 ? Promise.resolve(o.sauth) : w.token(newId(), 2, [], { [o.supplier]: 'qrreader' }))),
    );
    const results = await Promise.all(readers.map((auth) => checkIn(auth, ticket.qr_code)));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
    const statuses = results.map((r) => r.body.status as string).sort((a, b) => a.localeCompare(b));
    expect(statuses).toEqual(['already_used', 'already_used', 'already_used', 'already_used', 'already_used', 'checked_in']);
    const winner = results.find((r) => r.body.status === 'checked_in')!;
    for (const r of results) expect(r.body.attendant.used_at).toBe(winner.body.attendant.used_at);
  });

  it('a sale in the establishment and a courtesy make delivered orders with their tickets, in the seller’s list', async () => {
    const seller = newId();
    const sme = `${seller}:${seller}`;
    const sauth = await w.token(seller);
    const itemId = newId();
    const key = { 'idempotency-key': newId() };
    const payload = {
      item_id: itemId,
      item_name: 'Tour  nocturno',
      experience_date: '2027-05-01T02:00:00.000Z',
      type: 'sale_in_establishment',
      attendees: [
        { full_name: 'Luis  Pérez', phone: '55 1234 5678' },
        { full_name: 'Eva Díaz', phone: '5587654321' },
      ],
      unit_price_minor: 25000,
      shop_slug: 'demo',
      shop_name: 'Tienda Demo',
    };
    const sale = await w.request('POST', `/orders/admin/suppliers/${sme}/tickets`, { auth: sauth, headers: key, payload });
    expect(sale.status).toBe(201);
    expect(sale.body.matches_estimated).toBe(2);
    expect(sale.body.results.map((a: { full_name: string; phone: string; type: string }) => [a.full_name, a.phone, a.type])).toEqual([
      ['Luis Pérez', '5512345678', 'sale_in_establishment'],
      ['Eva Díaz', '5587654321', 'sale_in_establishment'],
    ]);
    const orderId = sale.body.results[0].order_id as string;
    const replay = await w.request('POST', `/orders/admin/suppliers/${sme}/tickets`, { auth: sauth, headers: key, payload });
    expect(replay.raw).toBe(sale.raw);
    const count = await w.sql<{ n: string }>(`select count(*) as n from orders.orders where supplier_id = '${seller}'`);
    expect(Number(count[0].n)).toBe(1);

    const courtesy = await w.request('POST', `/orders/admin/suppliers/${sme}/tickets`, {
      auth: sauth,
      payload: {
        item_id: itemId,
        item_name: 'Tour nocturno',
        type: 'courtesy',
        attendees: [{ full_name: 'Invitada Especial', phone: '5500000000' }],
      },
    });
    expect([courtesy.status, courtesy.body.results[0].type, courtesy.body.results[0].experience_date]).toEqual([201, 'courtesy', null]);

    const list = await w.request('GET', `/orders/admin/suppliers/${sme}/orders`, { auth: sauth });
    expect(list.body.results.map((r: { payment_type: string; state: string }) => [r.payment_type, r.state])).toEqual([
      ['courtesy', 'delivered'],
      ['establishment', 'delivered'],
    ]);
    // the seller is the order's customer as well (the attendees have no account): its detail is read through the
    // customer's route here; the seller's detail route prefers the customer side for such an order (OrderAccess.seller,
    // reported to the lead), so it is not asserted
    const detail = await w.request('GET', `/orders/${sme}/orders/${orderId}`, { auth: sauth });
    expect(detail.body).toMatchObject({
      in_store: true,
      courtesy: false,
      total_minor: 50000,
      attendees_count: 2,
      state: 'delivered',
      actions: [],
    });
    expect(detail.body.lines).toMatchObject([{ item_id: itemId, item_type: 'experience', quantity: 2, unit_price_minor: 25000 }]);
    const free = await w.request('GET', `/orders/${sme}/orders/${courtesy.body.results[0].order_id}`, { auth: sauth });
    expect(free.body).toMatchObject({ courtesy: true, in_store: false, total_minor: 0 });
    const placed = await w.sql<{ n: string }>(
      `select count(*) as n from orders.outbox where envelope->>'type' = 'orders.order.placed' and key = '${orderId}'`,
    );
    expect(Number(placed[0].n)).toBe(1);

    // the seller has the tickets as 'Mis boletos' (to print or send) and checks them in at the door
    const own = await w.request('GET', `/orders/${sme}/orders/${orderId}/attendants`, { auth: sauth });
    expect(own.body.matches_estimated).toBe(2);
    expect((await download(`/orders/${sme}/orders/${orderId}/attendants/zip`, sauth)).status).toBe(200);
    expect((await checkIn(sauth, own.body.results[0].qr_code)).body.status).toBe('checked_in');
  });

  it('refuses establishment tickets that are not valid (400, nothing created)', async () => {
    const seller = newId();
    const sme = `${seller}:${seller}`;
    const sauth = await w.token(seller);
    const base = {
      item_id: newId(),
      item_name: 'Tour',
      type: 'sale_in_establishment',
      attendees: [{ full_name: 'Ana', phone: '5512345678' }],
    };
    const bad: unknown[] = [
      { ...base, attendees: [] },
      { ...base, attendees: people(51) },
      { ...base, attendees: [{ full_name: ' ', phone: '5512345678' }] },
      { ...base, attendees: [{ full_name: 'Ana', phone: '12' }] },
      { ...base, type: 'purchase' },
      { ...base, type: 'courtesy', unit_price_minor: 100 },
      { ...base, unit_price_minor: -1 },
      { ...base, unit_price_minor: 1.5 },
      { ...base, experience_date: 'mañana' },
      { ...base, experience_date: '0000-01-01T00:00:00Z' },
      { ...base, unit_price_minor: 10_000_001 },
      { ...base, item_name: '' },
      { ...base, item_id: undefined },
      { ...base, attendees: [{ full_name: 'Ana', phone: null }] },
    ];
    for (const payload of bad) {
      const r = await w.request('POST', `/orders/admin/suppliers/${sme}/tickets`, { auth: sauth, payload });
      expect([JSON.stringify(payload).slice(0, 120), r.status, r.body.code]).toEqual([
        JSON.stringify(payload).slice(0, 120),
        400,
        'validation_failed',
      ]);
    }
    const other = newId();
    const forbidden = await w.request('POST', `/orders/admin/suppliers/${other}:${other}/tickets`, { auth: sauth, payload: base });
    expect(forbidden.status).toBe(403);
    const count = await w.sql<{ n: string }>(`select count(*) as n from orders.orders where supplier_id in ('${seller}', '${other}')`);
    expect(Number(count[0].n)).toBe(0);
  });
});
