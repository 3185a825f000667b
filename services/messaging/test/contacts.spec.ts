import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { ContactLimits, StoreEvents, type ContactEntry, type EventEnvelope, type StoreShopCreated } from '@vitrina/contracts';
import { newId, TokenSigner } from '@vitrina/platform';
import { alerts, contactEntries, inbox, shops } from '../src/db/schema.js';
import { bootStack, waitFor, type Stack } from './support.js';

function shopEvent(shop: StoreShopCreated, type: string = StoreEvents.shopCreated): EventEnvelope<StoreShopCreated> {
  return {
    id: newId(),
    type,
    version: 1,
    occurredAt: new Date().toISOString(),
    key: shop.shopId,
    traceId: newId(),
    data: shop,
  };
}

describe('contact entries (issue 15; spec 2 §3 Contact entry, §6, §7 contact-admin)', () => {
  let s: Stack;
  let signer: TokenSigner;
  const owner = newId();
  const otherOwner = newId();
  const visitor = newId();
  const shop: StoreShopCreated = {
    shopId: newId(),
    ownerId: owner,
    slug: `sol-${owner.slice(-6)}`,
    storeType: 'affiliate',
    name: 'Tienda Sol',
  };
  const otherShop: StoreShopCreated = {
    shopId: newId(),
    ownerId: otherOwner,
    slug: `luna-${otherOwner.slice(-6)}`,
    storeType: 'others',
    name: 'Tienda Luna',
  };

  const bearer = async (id: string, keychain: string[] = ['contact-admin']) => `Bearer ${await signer.sign({ id, level: 2, keychain })}`;
  const processed = (id: string) =>
    waitFor(async () => ((await s.db.select().from(inbox).where(eq(inbox.eventId, id))).length ? true : undefined), 10_000, `event ${id}`);
  const publishShop = async (event: EventEnvelope<StoreShopCreated>) => {
    await s.runtime.bus.publish('store.shop', [event]);
    await processed(event.id);
  };
  const call = async (
    method: 'GET' | 'POST',
    url: string,
    o: { auth?: string; body?: unknown; query?: Record<string, string> } = {},
  ): Promise<{ status: number; body: any }> => {
    const res = await s.messaging.inject({
      method,
      url,
      query: o.query,
      headers: o.auth ? { authorization: o.auth } : {},
      ...(o.body !== undefined ? { payload: o.body as object } : {}),
    });
    return { status: res.statusCode, body: JSON.parse(res.body || 'null') };
  };
  const send = (shopRef: string, body: Record<string, unknown>, auth?: string) =>
    call('POST', `/messaging/contact/${encodeURIComponent(shopRef)}`, { body, auth });
  const listPath = (me: string, key = me, second = me) => `/contact-admin/${me}:${key}/${second}`;
  const entryBody = (n: number) => ({ name: `Ana ${n}`, email: `ana${n}@example.com`, message: `Hola, pregunta ${n}` });

  beforeAll(async () => {
    s = await bootStack();
    signer = TokenSigner.fromKeys(s.runtime.keys, { issuer: s.runtime.config.AUTH_ISSUER, audience: s.runtime.config.AUTH_AUDIENCE });
    await publishShop(shopEvent(shop));
    await publishShop(shopEvent(otherShop));
  });
  afterAll(async () => {
    await s?.close();
  });

  describe('the shops projection (store.shop)', () => {
    it('keeps each shop with its owner, and applies a duplicate event once', async () => {
      const id = newId();
      const event = shopEvent({ shopId: id, ownerId: newId(), slug: `dup-${id.slice(-6)}`, storeType: 'others', name: 'Duplicada' });
      await s.runtime.bus.publish('store.shop', [event, event]);
      await processed(event.id);
      await s.runtime.bus.publish('store.shop', [event]);
      await new Promise((r) => setTimeout(r, 200));
      expect(await s.db.select().from(inbox).where(eq(inbox.eventId, event.id))).toHaveLength(1);
      const rows = await s.db.select().from(shops).where(eq(shops.id, id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ slug: event.data.slug, ownerId: event.data.ownerId, name: 'Duplicada' });
    });

    it('follows an update (new slug or owner), and an older snapshot arriving late changes nothing', async () => {
      const id = newId();
      const first = newId();
      const second = newId();
      const created = shopEvent({ shopId: id, ownerId: first, slug: `a-${id.slice(-6)}`, storeType: 'others', name: 'A' });
      await publishShop(created);
      const updated = shopEvent(
        { shopId: id, ownerId: second, slug: `b-${id.slice(-6)}`, storeType: 'others', name: 'B' },
        StoreEvents.shopUpdated,
      );
      await publishShop(updated);
      const stale = {
        ...shopEvent({ ...created.data, name: 'Vieja' }, StoreEvents.shopUpdated),
        occurredAt: new Date(Date.now() - 60_000).toISOString(),
      };
      await publishShop(stale);
      const [row] = await s.db.select().from(shops).where(eq(shops.id, id));
      expect(row).toMatchObject({ ownerId: second, slug: `b-${id.slice(-6)}`, name: 'B' });
    });
  });

  describe('POST /messaging/contact/{shop}', () => {
    it('takes an anonymous visitor’s message, by slug, with no user', async () => {
      const res = await send(shop.slug, {
        name: '  Ana Prueba ',
        email: 'ana@example.com',
        phone: '+52 55 1234-5678',
        message: '¿Hacen envíos?',
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        shop_id: shop.shopId,
        user: null,
        name: 'Ana Prueba',
        email: 'ana@example.com',
        phone: '525512345678',
        message: '¿Hacen envíos?',
        item_id: null,
      });
      const [row] = await s.db.select().from(contactEntries).where(eq(contactEntries.id, res.body.id));
      expect(row).toMatchObject({ shopId: shop.shopId, userId: null });
    });

    it('records a signed-in sender as user, by shop id, with the item asked about', async () => {
      const res = await send(
        shop.shopId,
        { name: 'Víctor', email: 'victor@example.com', message: '¿Tienen talla M?', item_id: 'item-123' },
        await bearer(visitor, []),
      );
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ shop_id: shop.shopId, user: visitor, phone: null, item_id: 'item-123' });
    });

    it('tells the owner on the bell, linking to the entry', async () => {
      const res = await send(shop.slug, { name: 'Berta', email: 'berta@example.com', message: 'Hola' });
      const [alert] = await s.db.select().from(alerts).where(eq(alerts.eventId, res.body.id));
      expect(alert).toMatchObject({
        userId: owner,
        role: 'shop_admin',
        origin: 'contact',
        type: 'contact_received',
        link: `/me/inbox/${res.body.id}`,
      });
      expect(alert.message.es).toBe('Nuevo mensaje de contacto de Berta en Tienda Sol.');
    });

    it('answers 404 shop_not_found for an unknown shop, and writes nothing', async () => {
      const before = (await s.db.select().from(contactEntries)).length;
      for (const ref of ['no-such-shop', newId()]) {
        const res = await send(ref, entryBody(1));
        expect(res.status).toBe(404);
        expect(res.body.code).toBe('shop_not_found');
      }
      expect(await s.db.select().from(contactEntries)).toHaveLength(before);
    });

    it.each([
      ['no name', { email: 'a@example.com', message: 'x' }],
      ['a blank name', { name: '   ', email: 'a@example.com', message: 'x' }],
      ['a name over 100', { name: 'n'.repeat(ContactLimits.nameMax + 1), email: 'a@example.com', message: 'x' }],
      ['a bad e-mail', { name: 'A', email: 'not-an-email', message: 'x' }],
      ['an e-mail over 254', { name: 'A', email: `${'a'.repeat(250)}@example.com`, message: 'x' }],
      ['a short phone', { name: 'A', email: 'a@example.com', phone: '1234567', message: 'x' }],
      ['a long phone', { name: 'A', email: 'a@example.com', phone: '1234567890123456', message: 'x' }],
      ['letters in the phone', { name: 'A', email: 'a@example.com', phone: '55-CALL-NOW', message: 'x' }],
      ['a null phone', { name: 'A', email: 'a@example.com', phone: null, message: 'x' }],
      ['an empty message', { name: 'A', email: 'a@example.com', message: '' }],
      ['a message over 2000', { name: 'A', email: 'a@example.com', message: 'm'.repeat(ContactLimits.messageMax + 1) }],
      ['a numeric item_id', { name: 'A', email: 'a@example.com', message: 'x', item_id: 42 }],
    ])('refuses %s with 400 and a code', async (_what, body) => {
      const res = await send(shop.slug, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      expect(typeof res.body.message).toBe('string');
    });

    it('brakes one sender writing to one shop too often (429 too_many_contacts)', async () => {
      const id = newId();
      const ev = shopEvent({ shopId: id, ownerId: newId(), slug: `flood-${id.slice(-6)}`, storeType: 'others', name: 'Flood' });
      await publishShop(ev);
      const body = { name: 'Spam', email: 'Spam@Example.com', message: 'otra vez' };
      for (let i = 0; i < ContactLimits.perSenderMax; i++) expect((await send(id, body)).status).toBe(201);
      const res = await send(id, { ...body, email: 'spam@example.com' });
      expect(res.status).toBe(429);
      expect(res.body.code).toBe('too_many_contacts');
      // another sender still gets through
      expect((await send(id, { ...body, email: 'otro@example.com' })).status).toBe(201);
    });
  });

  describe('GET /contact-admin/{meID}:{key}/{meID}', () => {
    let lunaIds: string[] = [];
    beforeAll(async () => {
      lunaIds = [];
      for (let n = 1; n <= 25; n++) {
        const body = n === 7 ? { name: 'Zoe Filtro', email: 'zoe@example.com', message: 'Busco 50% de descuento' } : entryBody(n);
        const res = await send(otherShop.slug, body);
        expect(res.status).toBe(201);
        lunaIds.push(res.body.id);
      }
    });

    it('lists only the caller’s shops, newest first, 20 by default, then the rest by offset', async () => {
      const auth = await bearer(otherOwner);
      const first = await call('GET', listPath(otherOwner), { auth });
      expect(first.status).toBe(200);
      expect(first.body.matches_estimated).toBe(25);
      expect(first.body.results).toHaveLength(ContactLimits.page);
      const ids = first.body.results.map((e: ContactEntry) => e.id);
      expect(ids).toEqual([...lunaIds].reverse().slice(0, 20));
      expect(first.body.results.every((e: ContactEntry) => e.shop_id === otherShop.shopId)).toBe(true);
      const rest = await call('GET', listPath(otherOwner), { auth, query: { offset: '20', limit: '20' } });
      expect(rest.body.results.map((e: ContactEntry) => e.id)).toEqual([...lunaIds].reverse().slice(20));
      // any key after the colon (`{meID}:{key}`)
      expect((await call('GET', listPath(otherOwner, 'contact-admin'), { auth })).status).toBe(200);
    });

    it('filters by text in the name, e-mail or message, in any case, and % is a plain character', async () => {
      const auth = await bearer(otherOwner);
      const byName = await call('GET', listPath(otherOwner), { auth, query: { filter: 'zoe FIL' } });
      expect(byName.body.results.map((e: ContactEntry) => e.name)).toEqual(['Zoe Filtro']);
      expect(byName.body.matches_estimated).toBe(1);
      const byEmail = await call('GET', listPath(otherOwner), { auth, query: { filter: 'ANA12@' } });
      expect(byEmail.body.results.map((e: ContactEntry) => e.email)).toEqual(['ana12@example.com']);
      const byMessage = await call('GET', listPath(otherOwner), { auth, query: { filter: '50%' } });
      expect(byMessage.body.results).toHaveLength(1);
      const percentOnly = await call('GET', listPath(otherOwner), { auth, query: { filter: '%' } });
      expect(percentOnly.body.results).toHaveLength(1);
      const none = await call('GET', listPath(otherOwner), { auth, query: { filter: 'nadie' } });
      expect(none.body).toEqual({ results: [], matches_estimated: 0 });
    });

    it('refuses bad paging with 400', async () => {
      const auth = await bearer(otherOwner);
      const queries: Record<string, string>[] = [
        { limit: '0' },
        { limit: String(ContactLimits.pageMax + 1) },
        { offset: '-1' },
        { filter: 'f'.repeat(101) },
      ];
      for (const query of queries) {
        const res = await call('GET', listPath(otherOwner), { auth, query });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('validation_failed');
      }
    });

    it('shows one entry of the caller’s shops; another owner’s entry is 404 and nothing is read', async () => {
      const mine = await call('GET', `${listPath(otherOwner)}/${lunaIds[6]}`, { auth: await bearer(otherOwner) });
      expect(mine.status).toBe(200);
      expect(mine.body).toMatchObject({ id: lunaIds[6], name: 'Zoe Filtro', email: 'zoe@example.com', shop_id: otherShop.shopId });
      const theirs = await call('GET', `${listPath(owner)}/${lunaIds[6]}`, { auth: await bearer(owner) });
      expect(theirs.status).toBe(404);
      expect(theirs.body).toMatchObject({ code: 'contact_not_found' });
      expect(JSON.stringify(theirs.body)).not.toContain('Zoe');
      const unknown = await call('GET', `${listPath(otherOwner)}/${newId()}`, { auth: await bearer(otherOwner) });
      expect(unknown.status).toBe(404);
    });

    it('another owner’s token on my path is 403; a second {meID} that is not the caller is 403', async () => {
      const intruder = await bearer(owner);
      for (const url of [listPath(otherOwner), `${listPath(otherOwner)}/${lunaIds[0]}`, listPath(owner, owner, otherOwner)]) {
        const res = await call('GET', url, { auth: intruder });
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('forbidden');
        expect(res.body.results).toBeUndefined();
      }
    });

    it('the owner’s own list never shows the other owner’s entries', async () => {
      const res = await call('GET', listPath(owner), { auth: await bearer(owner) });
      expect(res.status).toBe(200);
      expect(res.body.matches_estimated).toBeGreaterThan(0);
      expect(res.body.results.every((e: ContactEntry) => e.shop_id === shop.shopId)).toBe(true);
    });

    it('needs the admin or contact-admin keychain access (403 otherwise); admin is enough', async () => {
      for (const url of [listPath(otherOwner), `${listPath(otherOwner)}/${lunaIds[0]}`]) {
        const res = await call('GET', url, { auth: await bearer(otherOwner, ['referral']) });
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('forbidden');
      }
      const admin = await call('GET', listPath(otherOwner), { auth: await bearer(otherOwner, ['admin']) });
      expect(admin.status).toBe(200);
    });

    it('needs a token (401)', async () => {
      expect((await call('GET', listPath(otherOwner))).status).toBe(401);
    });
  });
});
