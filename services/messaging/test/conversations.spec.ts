import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  AccountsEvents,
  ConversationLimits,
  DEMO,
  benchPeople,
  StoreEvents,
  messageTeaser,
  type Conversation,
  type EventEnvelope,
  type Message,
  type StoreShopCreated,
  type UserProfileUpdated,
} from '@vitrina/contracts';
import { newId, TokenSigner } from '@vitrina/platform';
import { alerts, conversationMembers, conversations, inbox, messages, presence, users } from '../src/db/schema.js';
import { bootStack, registerUser, waitFor, type Stack } from './support.js';

function envelope<T>(type: string, key: string, data: T, occurredAt = new Date()): EventEnvelope<T> {
  return { id: newId(), type, version: 1, occurredAt: occurredAt.toISOString(), key, traceId: newId(), data };
}

type Res = { status: number; body: any };

describe('the inbox: conversations and messages (issue 15; spec 2 §3 Conversation, Message, §4, §7, §9)', () => {
  let s: Stack;
  let signer: TokenSigner;
  const ana = newId();
  const beto = newId();
  const carla = newId();
  const stranger = newId();
  const seller = newId();
  const sellerShop: StoreShopCreated = {
    shopId: newId(),
    ownerId: seller,
    slug: `sol-${seller.slice(-6)}`,
    storeType: 'others',
    name: 'Tienda Sol',
  };
  const tokens = new Map<string, string>();

  const processed = (id: string) =>
    waitFor(async () => ((await s.db.select().from(inbox).where(eq(inbox.eventId, id))).length ? true : undefined), 10_000, `event ${id}`);
  const register = (userId: string, fullName: string) => registerUser(s, userId, fullName);
  const auth = async (id: string) => {
    if (!tokens.has(id)) tokens.set(id, `Bearer ${await signer.sign({ id, level: 1, keychain: [] })}`);
    return tokens.get(id)!;
  };
  const call = async (
    method: 'GET' | 'PUT' | 'POST' | 'PATCH',
    url: string,
    as: string | undefined,
    o: { body?: unknown; query?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Res> => {
    const res = await s.messaging.inject({
      method,
      url,
      query: o.query,
      headers: { ...(as ? { authorization: await auth(as) } : {}), ...o.headers },
      ...(o.body !== undefined ? { payload: o.body as object } : {}),
    });
    return { status: res.statusCode, body: JSON.parse(res.body || 'null') };
  };
  const me = (id: string) => `${id}:${id}`;
  const open = (as: string, peer: string) => call('PUT', `/conversation/${me(as)}/conversation`, as, { body: { peer } });
  const send = (as: string, conversation: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
    call('POST', `/messages/${me(as)}/messages/${conversation}`, as, { body, headers });
  const page = (as: string, conversation: string, type = 'all', query?: Record<string, string>) =>
    call('GET', `/messages/${me(as)}/messages/${conversation}/${type}`, as, { query });
  const list = (as: string, query?: Record<string, string>) => call('GET', `/conversation/${me(as)}/conversation`, as, { query });
  const unread = async (as: string) => (await call('GET', `/conversation/${me(as)}/unread`, as)).body.pending as number;
  const alertsOf = (userId: string) =>
    s.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.userId, userId), eq(alerts.origin, 'messages')));
  const offline = (userId: string) => s.db.delete(presence).where(eq(presence.userId, userId));

  let anaBeto: Conversation;

  beforeAll(async () => {
    s = await bootStack();
    signer = TokenSigner.fromKeys(s.runtime.keys, { issuer: s.runtime.config.AUTH_ISSUER, audience: s.runtime.config.AUTH_AUDIENCE });
    await register(ana, 'Ana Álvarez');
    await register(beto, 'Beto Bravo');
    await register(carla, 'Carla 100%_Real');
    await register(stranger, 'Extraño Eduardo');
    await register(seller, 'Sara Vendedora');
    const shop = envelope(StoreEvents.shopCreated, sellerShop.shopId, sellerShop);
    await s.runtime.bus.publish('store.shop', [shop]);
    await processed(shop.id);
    const res = await open(ana, beto);
    expect(res.status).toBe(201);
    anaBeto = res.body;
  });
  afterAll(async () => {
    await s?.close();
  });

  describe('the users projection (accounts.user)', () => {
    it('keeps registered users and follows a profile update once; a stale one changes nothing', async () => {
      const id = newId();
      await register(id, 'Dora Díaz');
      const update = envelope<UserProfileUpdated>(AccountsEvents.profileUpdated, id, {
        userId: id,
        name: 'Dora D.',
        photo: '/api/gallery/files/x.jpg',
      });
      await s.runtime.bus.publish('accounts.user', [update, update]);
      await processed(update.id);
      const stale = envelope<UserProfileUpdated>(
        AccountsEvents.profileUpdated,
        id,
        { userId: id, name: 'Vieja' },
        new Date(Date.now() - 60_000),
      );
      await s.runtime.bus.publish('accounts.user', [stale]);
      await processed(stale.id);
      expect(await s.db.select().from(inbox).where(eq(inbox.eventId, update.id))).toHaveLength(1);
      const [row] = await s.db.select().from(users).where(eq(users.id, id));
      expect(row).toMatchObject({ name: 'Dora D.', photo: '/api/gallery/files/x.jpg', email: `${id.slice(-6)}@example.com`, locale: 'es' });
    });
  });

  describe('PUT /conversation/{me}:{key}/conversation', () => {
    it('makes the conversation once (201), then answers it (200) from either side, seen from the caller', async () => {
      expect(anaBeto).toMatchObject({
        key: [ana, beto].sort().join(':'),
        peer_name: 'Beto Bravo',
        pending: 0,
        last_message_teaser: null,
        last_message_kind: null,
        profile: { id: beto, name: 'Beto Bravo', main_type: null, slug: null, online: false, heartbeat: null, images: [] },
      });
      expect([...anaBeto.visibility_ids].sort()).toEqual([ana, beto].sort());
      const again = await open(ana, beto);
      expect(again.status).toBe(200);
      expect(again.body.id).toBe(anaBeto.id);
      const other = await open(beto, ana);
      expect(other.status).toBe(200);
      expect(other.body).toMatchObject({ id: anaBeto.id, peer_name: 'Ana Álvarez', profile: { id: ana } });
    });

    it('makes one conversation of concurrent PUTs from both sides', async () => {
      const x = newId();
      const y = newId();
      await register(x, 'Xavi');
      await register(y, 'Yola');
      const answers = await Promise.all([open(x, y), open(y, x), open(x, y), open(y, x), open(x, y)]);
      expect(answers.every((a) => a.status === 200 || a.status === 201)).toBe(true);
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
      expect(
        await s.db
          .select()
          .from(conversations)
          .where(eq(conversations.pairKey, [x, y].sort().join(':'))),
      ).toHaveLength(1);
      expect(await s.db.select().from(conversationMembers).where(eq(conversationMembers.conversationId, answers[0].body.id))).toHaveLength(
        2,
      );
    });

    it('refuses the caller themselves (400 cannot_message_self) and an unknown peer (404 peer_not_found)', async () => {
      const self = await open(ana, ana);
      expect(self).toMatchObject({ status: 400, body: { code: 'cannot_message_self' } });
      const unknown = await open(ana, newId());
      expect(unknown).toMatchObject({ status: 404, body: { code: 'peer_not_found' } });
      for (const body of [{}, { peer: 42 }, { peer: ana, extra: 1 }]) {
        const res = await call('PUT', `/conversation/${me(ana)}/conversation`, ana, { body });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('validation_failed');
      }
    });

    it('takes a shop owner known only from store.shop, named after their shop', async () => {
      const owner = newId();
      const shop: StoreShopCreated = {
        shopId: newId(),
        ownerId: owner,
        slug: `luna-${owner.slice(-6)}`,
        storeType: 'others',
        name: 'Tienda Luna',
      };
      const event = envelope(StoreEvents.shopCreated, shop.shopId, shop);
      await s.runtime.bus.publish('store.shop', [event]);
      await processed(event.id);
      const res = await open(ana, owner);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ peer_name: 'Tienda Luna', profile: { id: owner, name: 'Tienda Luna', slug: shop.slug } });
      const sent = await send(owner, res.body.id, { body: 'hola, soy la tienda' });
      expect(sent.body.peer_name).toBe('Tienda Luna');
    });

    it("shows a shop owner's profile as a business with their shop's slug", async () => {
      const res = await open(ana, seller);
      expect(res.body.profile).toMatchObject({ id: seller, name: 'Sara Vendedora', main_type: 'business', slug: sellerShop.slug });
    });
  });

  describe('sending and reading messages', () => {
    it('sends a message: the conversation gets its teaser, the recipient a pending', async () => {
      await offline(beto);
      const res = await send(ana, anaBeto.id, {
        body: '  <b>Hola</b>   **Beto**,\n¿tienes   la talla M?  ',
        tags: [`product:${beto}:item-1`],
      });
      expect(res.status).toBe(201);
      const msg: Message = res.body;
      expect(msg).toMatchObject({
        conversation_id: anaBeto.id,
        owner: ana,
        peer_name: 'Ana Álvarez',
        kind: 'text',
        media: null,
        tags: [`product:${beto}:item-1`],
      });
      expect(msg.date).toBe(msg.created_at);
      // a text message stores no media at all (SQL NULL), not a JSON null
      expect(
        await s.db
          .select({ id: messages.id })
          .from(messages)
          .where(and(eq(messages.id, msg.id), isNull(messages.media))),
      ).toHaveLength(1);
      const seenByBeto = (await call('GET', `/conversation/${me(beto)}/conversation/${anaBeto.id}`, beto)).body;
      expect(seenByBeto).toMatchObject({
        pending: 1,
        last_message_teaser: 'Hola Beto, ¿tienes la talla M?',
        last_message_sender: ana,
        last_message_kind: 'text',
      });
      const seenByAna = (await call('GET', `/conversation/${me(ana)}/conversation/${anaBeto.id}`, ana)).body;
      expect(seenByAna.pending).toBe(0);
      expect(await unread(beto)).toBe(1);
    });

    it('cuts the teaser at 50 characters, markup stripped', async () => {
      const body = `<i>${'palabra '.repeat(20)}</i>`;
      await send(ana, anaBeto.id, { body });
      const c = (await call('GET', `/conversation/${me(beto)}/conversation/${anaBeto.id}`, beto)).body;
      expect(c.last_message_teaser).toBe(messageTeaser(body));
      expect(c.last_message_teaser).toHaveLength(ConversationLimits.teaserMax);
      expect(c.last_message_teaser.startsWith('palabra palabra')).toBe(true);
    });

    it('a media message without text: empty teaser, the kind says what it was', async () => {
      const res = await send(beto, anaBeto.id, {
        body: '',
        media: { kind: 'image', url: '/api/gallery/files/0190abcd-1234.jpg', name: 'foto.jpg' },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        kind: 'image',
        body: '',
        media: { kind: 'image', url: '/api/gallery/files/0190abcd-1234.jpg', name: 'foto.jpg' },
      });
      const c = (await call('GET', `/conversation/${me(ana)}/conversation/${anaBeto.id}`, ana)).body;
      expect(c).toMatchObject({ last_message_teaser: '', last_message_kind: 'image', last_message_sender: beto, pending: 1 });
    });

    it.each([
      ['an empty body without media', 'message_empty', { body: '   ' }],
      ['a body over 4000 characters', 'message_too_long', { body: 'x'.repeat(ConversationLimits.bodyMax + 1) }],
      ['a 100 KB body', 'message_too_long', { body: 'x'.repeat(100 * 1024) }],
      ['a tag of no known shape', 'invalid_tag', { body: 'hola', tags: ['producto:1:2'] }],
      ['a tag with a space', 'invalid_tag', { body: 'hola', tags: ['product:a b:c'] }],
      ['six tags', 'invalid_tag', { body: 'hola', tags: [1, 2, 3, 4, 5, 6].map((i) => `product:owner:item${i}`) }],
      [
        'media from elsewhere',
        'invalid_media',
        { body: 'mira', media: { kind: 'image', url: 'https://evil.example.com/x.jpg', name: 'x.jpg' } },
      ],
      [
        'media with a path outside the gallery',
        'invalid_media',
        { body: 'mira', media: { kind: 'file', url: '/api/gallery/files/../../etc/passwd', name: 'x' } },
      ],
      ['media without a name', 'invalid_media', { body: 'mira', media: { kind: 'file', url: '/api/gallery/files/a.pdf', name: ' ' } }],
      [
        'media of an unknown kind',
        'validation_failed',
        { body: 'mira', media: { kind: 'audio', url: '/api/gallery/files/a.mp3', name: 'a' } },
      ],
      ['no body at all', 'validation_failed', { tags: [] }],
      ['a numeric body', 'validation_failed', { body: 12 }],
      ['an unknown field', 'validation_failed', { body: 'hola', color: 'red' }],
      ['media as a list', 'validation_failed', { body: 'x', media: [{ kind: 'image', url: '/api/gallery/files/a.jpg', name: 'a' }] }],
      ['null media', 'validation_failed', { body: 'x', media: null }],
      ['media as text', 'validation_failed', { body: 'x', media: '/api/gallery/files/a.jpg' }],
      ['tags as text', 'validation_failed', { body: 'x', tags: 'product:a:b' }],
      ['numeric tags', 'validation_failed', { body: 'x', tags: [1] }],
      ['a null body', 'validation_failed', { body: null }],
      ['a list body', 'validation_failed', { body: ['hola'] }],
    ])('refuses %s (400 %s) and writes nothing', async (_what, code, body) => {
      const before = (await s.db.select().from(messages).where(eq(messages.conversationId, anaBeto.id))).length;
      const res = await send(ana, anaBeto.id, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
      expect(typeof res.body.message).toBe('string');
      expect(await s.db.select().from(messages).where(eq(messages.conversationId, anaBeto.id))).toHaveLength(before);
    });

    it('accepts the three tag shapes, and the spec’s derived fields are ignored', async () => {
      const res = await send(ana, anaBeto.id, {
        body: 'sobre el pedido',
        tags: [`product:${beto}:p1`, `service:${beto}:s1`, `order:${beto}:x:o-1`],
        peer_name: 'Otro Nombre',
        last_message_teaser: 'otro',
        last_message_sender: beto,
        visibility_ids: [stranger],
      });
      expect(res.status).toBe(201);
      expect(res.body.peer_name).toBe('Ana Álvarez');
      const [row] = await s.db.select().from(conversations).where(eq(conversations.id, anaBeto.id));
      expect(row).toMatchObject({ lastMessageSender: ana, lastMessageTeaser: 'sobre el pedido', userA: [ana, beto].sort()[0] });
    });

    it('PATCH { pending: 0 } reads the conversation; any other body is 400', async () => {
      expect(await unread(beto)).toBeGreaterThan(0);
      const res = await call('PATCH', `/conversation/${me(beto)}/conversation/${anaBeto.id}`, beto, { body: { pending: 0 } });
      expect(res.status).toBe(200);
      expect(res.body.pending).toBe(0);
      expect(await unread(beto)).toBe(0);
      for (const body of [{}, { pending: 1 }, { pending: '0' }, { pending: 0, other: true }]) {
        const bad = await call('PATCH', `/conversation/${me(beto)}/conversation/${anaBeto.id}`, beto, { body });
        expect(bad.status).toBe(400);
      }
    });

    it('counts unread over all the caller’s conversations', async () => {
      const c = (await open(carla, beto)).body as Conversation;
      await send(carla, c.id, { body: 'uno' });
      await send(carla, c.id, { body: 'dos' });
      await send(ana, anaBeto.id, { body: 'tres' });
      expect(await unread(beto)).toBe(3);
      await call('PATCH', `/conversation/${me(beto)}/conversation/${c.id}`, beto, { body: { pending: 0 } });
      expect(await unread(beto)).toBe(1);
    });
  });

  describe('idempotent send (Idempotency-Key)', () => {
    it('a retry answers the first message and adds nothing', async () => {
      const key = `k-${newId()}`;
      const first = await send(ana, anaBeto.id, { body: 'una vez' }, { 'idempotency-key': key });
      const again = await send(ana, anaBeto.id, { body: 'una vez' }, { 'idempotency-key': key });
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(await s.db.select().from(messages).where(eq(messages.idempotencyKey, key))).toHaveLength(1);
    });

    it('two racing requests with one key make one message, and the pending grows once', async () => {
      const c = (await open(ana, carla)).body as Conversation;
      await call('PATCH', `/conversation/${me(carla)}/conversation/${c.id}`, carla, { body: { pending: 0 } });
      const key = `race-${newId()}`;
      const answers = await Promise.all(Array.from({ length: 5 }, () => send(ana, c.id, { body: 'carrera' }, { 'idempotency-key': key })));
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
      expect(await s.db.select().from(messages).where(eq(messages.idempotencyKey, key))).toHaveLength(1);
      const seen = (await call('GET', `/conversation/${me(carla)}/conversation/${c.id}`, carla)).body;
      expect(seen.pending).toBe(1);
    });

    it('the key of a message to another conversation is 422 idempotency_key_reused; a malformed key is 400', async () => {
      const key = `elsewhere-${newId()}`;
      const x = newId();
      await register(x, 'Otra Conversación');
      const other = (await open(ana, x)).body as Conversation;
      expect((await send(ana, other.id, { body: 'a otra' }, { 'idempotency-key': key })).status).toBe(201);
      const reused = await send(ana, anaBeto.id, { body: 'a beto' }, { 'idempotency-key': key });
      expect(reused).toMatchObject({ status: 422, body: { code: 'idempotency_key_reused' } });
      const bad = await send(ana, anaBeto.id, { body: 'hola' }, { 'idempotency-key': 'k'.repeat(256) });
      expect(bad).toMatchObject({ status: 400, body: { code: 'invalid_idempotency_key' } });
      expect(await s.db.select().from(messages).where(eq(messages.idempotencyKey, key))).toHaveLength(1);
    });

    it('the same key is another sender’s own: beto may use ana’s key', async () => {
      const key = `shared-${newId()}`;
      const a = await send(ana, anaBeto.id, { body: 'de ana' }, { 'idempotency-key': key });
      const b = await send(beto, anaBeto.id, { body: 'de beto' }, { 'idempotency-key': key });
      expect(b.body.id).not.toBe(a.body.id);
      expect(b.body.body).toBe('de beto');
    });
  });

  describe('paging, order and filters of the messages', () => {
    let conv: Conversation;
    const bodies = ['alfa uno', 'beta dos', 'gamma tres 50%', 'delta cuatro a_b', 'épsilon cinco', 'alfabeto seis'];

    beforeAll(async () => {
      const x = newId();
      await register(x, 'Paginada');
      conv = (await open(ana, x)).body;
      for (const [i, body] of bodies.entries()) {
        await send(ana, conv.id, { body, ...(i % 2 === 0 ? { tags: [`product:${x}:p${i}`] } : {}) });
      }
      await send(ana, conv.id, { body: '', media: { kind: 'file', url: '/api/gallery/files/doc-1.pdf', name: 'doc.pdf' } });
    });

    it('newest first, with the total; offset past the end is an empty page', async () => {
      const res = await page(ana, conv.id);
      expect(res.status).toBe(200);
      expect(res.body.matches_estimated).toBe(7);
      expect(res.body.results.map((m: Message) => m.body)).toEqual(['', ...[...bodies].reverse()]);
      const second = await page(ana, conv.id, 'all', { offset: '2', limit: '2' });
      expect(second.body.results.map((m: Message) => m.body)).toEqual(['épsilon cinco', 'delta cuatro a_b']);
      const past = await page(ana, conv.id, 'all', { offset: '50' });
      expect(past.body).toEqual({ results: [], matches_estimated: 7 });
    });

    it.each([['0'], [String(ConversationLimits.messagePageMax + 1)], ['-1'], ['x']])('refuses limit=%s with 400', async (limit) => {
      const res = await page(ana, conv.id, 'all', { limit });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    });

    it('refuses a negative offset and an unknown type', async () => {
      expect((await page(ana, conv.id, 'all', { offset: '-1' })).status).toBe(400);
      const bad = await page(ana, conv.id, 'video');
      expect(bad.status).toBe(400);
    });

    it('takes limit up to the maximum', async () => {
      expect((await page(ana, conv.id, 'all', { limit: String(ConversationLimits.messagePageMax) })).status).toBe(200);
    });

    it('type text or media', async () => {
      expect((await page(ana, conv.id, 'media')).body.results.map((m: Message) => m.kind)).toEqual(['file']);
      expect((await page(ana, conv.id, 'text')).body.matches_estimated).toBe(6);
    });

    it('tags: any of the comma-separated ones', async () => {
      const x = conv.profile.id;
      const res = await page(ana, conv.id, 'all', { tags: `product:${x}:p0, product:${x}:p4` });
      expect(res.body.results.map((m: Message) => m.body)).toEqual(['épsilon cinco', 'alfa uno']);
    });

    it('filter: word prefixes, every word (AND), LIKE metacharacters taken literally', async () => {
      const bodiesOf = async (filter: string) => (await page(ana, conv.id, 'all', { filter })).body.results.map((m: Message) => m.body);
      expect(await bodiesOf('alfa')).toEqual(['alfabeto seis', 'alfa uno']);
      expect(await bodiesOf('alf un')).toEqual(['alfa uno']);
      expect(await bodiesOf('ALFA SEIS')).toEqual(['alfabeto seis']);
      expect(await bodiesOf('lfa')).toEqual([]);
      expect(await bodiesOf('50%')).toEqual(['gamma tres 50%']);
      expect(await bodiesOf('%')).toEqual([]);
      expect(await bodiesOf('a_b')).toEqual(['delta cuatro a_b']);
      expect(await bodiesOf('_')).toEqual([]);
      expect(await bodiesOf('\\')).toEqual([]);
    });
  });

  describe('the conversation list', () => {
    it('newest activity first, 10 by default, limit bounds checked', async () => {
      const res = await list(ana);
      expect(res.status).toBe(200);
      const dates = res.body.results.map((c: Conversation) => c.updated_at);
      expect(dates).toEqual([...dates].sort((a: string, b: string) => b.localeCompare(a)));
      expect(res.body.results.length).toBeLessThanOrEqual(ConversationLimits.conversationPage);
      expect(res.body.matches_estimated).toBeGreaterThanOrEqual(4);
      expect((await list(ana, { limit: '0' })).status).toBe(400);
      expect((await list(ana, { limit: String(ConversationLimits.conversationPageMax + 1) })).status).toBe(400);
      // the total comes with the page (one statement); a page past the end counts apart, and agrees
      const all = await list(ana, { limit: String(ConversationLimits.conversationPageMax) });
      const total = all.body.results.length;
      expect(all.body.matches_estimated).toBe(total);
      expect((await list(ana, { offset: '1', limit: '1' })).body.matches_estimated).toBe(total);
      expect((await list(ana, { offset: '1000' })).body).toEqual({ results: [], matches_estimated: total });
    });

    it("filter: prefixes over the peer's name and the teaser, words joined by AND, metacharacters literal", async () => {
      const ids = async (as: string, filter: string) => (await list(as, { filter })).body.results.map((c: Conversation) => c.profile.name);
      expect(await ids(ana, 'bet')).toEqual(['Beto Bravo']);
      expect(await ids(ana, 'beto bra')).toEqual(['Beto Bravo']);
      expect(await ids(ana, 'beto sara')).toEqual([]);
      expect(await ids(ana, 'eto')).toEqual([]);
      expect(await ids(ana, 'carrera')).toEqual(['Carla 100%_Real']); // the teaser
      expect(await ids(ana, '100%_')).toEqual(['Carla 100%_Real']);
      expect(await ids(ana, '%')).toEqual([]);
      expect(await ids(ana, '_')).toEqual([]);
      expect((await list(ana, { filter: 'x'.repeat(ConversationLimits.filterMax + 1) })).status).toBe(400);
    });
  });

  describe('people to write to', () => {
    it('shop owners by name or shop name, never the caller', async () => {
      const names = async (as: string, filter?: string) =>
        (await call('GET', `/conversation/${me(as)}/people`, as, { query: filter ? { filter } : {} })).body.results.map(
          (p: { id: string }) => p.id,
        );
      expect(await names(ana, 'sara')).toEqual([seller]);
      expect(await names(ana, 'tienda so')).toEqual([seller]);
      expect(await names(ana, 'beto')).toEqual([]);
      expect(await names(seller, 'sara')).toEqual([]);
      const res = await call('GET', `/conversation/${me(ana)}/people`, ana, { query: { filter: 'sol' } });
      expect(res.body.results[0]).toMatchObject({ id: seller, name: 'Sara Vendedora', main_type: 'business', slug: sellerShop.slug });
      expect((await call('GET', `/conversation/${me(ana)}/people`, ana, { query: { limit: '21' } })).status).toBe(400);
    });
  });

  describe('presence and the new-message alert', () => {
    it('heartbeat makes the caller online', async () => {
      const res = await call('PUT', `/conversation/${me(beto)}/heartbeat`, beto);
      expect(res.status).toBe(200);
      expect(Date.parse(res.body.heartbeat)).toBeGreaterThan(Date.now() - 10_000);
      const c = (await call('GET', `/conversation/${me(ana)}/conversation/${anaBeto.id}`, ana)).body;
      expect(c.profile).toMatchObject({ online: true, heartbeat: res.body.heartbeat });
    });

    it('an offline recipient gets one alert when their pending goes 0 → 1, not for the next ones', async () => {
      const x = newId();
      await register(x, 'Olvido Offline');
      const c = (await open(ana, x)).body as Conversation;
      const first = await send(ana, c.id, { body: 'hola' });
      await send(ana, c.id, { body: 'otra' });
      const made = await alertsOf(x);
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({
        userId: x,
        role: 'customer',
        type: 'message_received',
        eventId: first.body.id,
        link: `/me/inbox/conversation/${c.id}`,
      });
      expect(made[0].message).toEqual({
        es: 'Nuevo mensaje de Ana Álvarez',
        en: 'New message from Ana Álvarez',
        'es-AR': 'Nuevo mensaje de Ana Álvarez',
      });
      // read, then a new message: a new alert
      await call('PATCH', `/conversation/${me(x)}/conversation/${c.id}`, x, { body: { pending: 0 } });
      await send(ana, c.id, { body: 'sigues?' });
      expect(await alertsOf(x)).toHaveLength(2);
      // the alert shows on the bell's list
      const bell = await call('GET', `/alerts/${me(x)}`, x);
      expect(bell.body.results[0]).toMatchObject({
        origin_app: 'messages',
        link: `/me/inbox/conversation/${c.id}`,
        params: { type: 'message_received' },
      });
    });

    it('an online recipient (heartbeat within 5 minutes) gets no alert; a shop owner is told as shop_admin', async () => {
      const x = newId();
      await register(x, 'Olga Online');
      const c = (await open(ana, x)).body as Conversation;
      await call('PUT', `/conversation/${me(x)}/heartbeat`, x);
      await send(ana, c.id, { body: 'hola' });
      expect(await alertsOf(x)).toHaveLength(0);
      // a heartbeat older than 5 minutes is offline
      await s.db
        .update(presence)
        .set({ heartbeatAt: new Date(Date.now() - ConversationLimits.onlineWithinMs - 1000) })
        .where(eq(presence.userId, x));
      await call('PATCH', `/conversation/${me(x)}/conversation/${c.id}`, x, { body: { pending: 0 } });
      await send(ana, c.id, { body: 'hola de nuevo' });
      expect(await alertsOf(x)).toHaveLength(1);
      await offline(seller);
      const toSeller = (await open(ana, seller)).body as Conversation;
      await send(ana, toSeller.id, { body: '¿hacen envíos?' });
      expect((await alertsOf(seller))[0]).toMatchObject({ role: 'shop_admin' });
    });
  });

  describe('someone else’s conversation', () => {
    it('another user’s token on {me} is 403 on every route, and nothing is read or written', async () => {
      const before = await s.db.select().from(messages);
      const routes: [string, string, unknown?][] = [
        ['GET', `/conversation/${me(ana)}/conversation`],
        ['PUT', `/conversation/${me(ana)}/conversation`, { peer: beto }],
        ['GET', `/conversation/${me(ana)}/conversation/${anaBeto.id}`],
        ['PATCH', `/conversation/${me(ana)}/conversation/${anaBeto.id}`, { pending: 0 }],
        ['GET', `/conversation/${me(ana)}/unread`],
        ['PUT', `/conversation/${me(ana)}/heartbeat`],
        ['GET', `/conversation/${me(ana)}/people`],
        ['GET', `/conversation/${me(ana)}/live`],
        ['GET', `/messages/${me(ana)}/messages/${anaBeto.id}/all`],
        ['POST', `/messages/${me(ana)}/messages/${anaBeto.id}`, { body: 'intruso' }],
        ['GET', `/conversation/${ana}:${stranger}/conversation`],
      ];
      for (const [method, url, body] of routes) {
        const res = await call(method as 'GET', url, stranger, body === undefined ? {} : { body });
        expect([method, url, res.status]).toEqual([method, url, 403]);
        const anon = await call(method as 'GET', url, undefined, body === undefined ? {} : { body });
        expect([method, url, anon.status]).toEqual([method, url, 401]);
      }
      expect(await s.db.select().from(messages)).toHaveLength(before.length);
    });

    it('their own {me} with someone else’s conversation id is 404 conversation_not_found, and nothing is written', async () => {
      const before = await s.db.select().from(messages);
      const [member] = await s.db
        .select()
        .from(conversationMembers)
        .where(and(eq(conversationMembers.conversationId, anaBeto.id), eq(conversationMembers.userId, beto)));
      const answers = await Promise.all([
        call('GET', `/conversation/${me(stranger)}/conversation/${anaBeto.id}`, stranger),
        call('PATCH', `/conversation/${me(stranger)}/conversation/${anaBeto.id}`, stranger, { body: { pending: 0 } }),
        page(stranger, anaBeto.id),
        send(stranger, anaBeto.id, { body: 'intruso' }),
        send(stranger, anaBeto.id, { body: 'intruso' }, { 'idempotency-key': 'intruder-1' }),
        page(stranger, 'no-such-id'),
      ]);
      for (const res of answers) expect(res).toMatchObject({ status: 404, body: { code: 'conversation_not_found' } });
      expect(await s.db.select().from(messages)).toHaveLength(before.length);
      const [after] = await s.db
        .select()
        .from(conversationMembers)
        .where(and(eq(conversationMembers.conversationId, anaBeto.id), eq(conversationMembers.userId, beto)));
      expect(after).toEqual(member);
      expect((await list(stranger)).body).toEqual({ results: [], matches_estimated: 0 });
      expect(await unread(stranger)).toBe(0);
    });
  });
});

describe('the demo users (SEED_DEMO)', () => {
  let s: Stack;
  afterAll(async () => {
    await s?.close();
  });

  it('seeds the demo users with the demo shops: the demo customer finds and writes to the demo owner', async () => {
    s = await bootStack({ env: { SEED_DEMO: 'true', SEED_BENCH_SHOPPERS: '3' } });
    const signer = TokenSigner.fromKeys(s.runtime.keys, { issuer: s.runtime.config.AUTH_ISSUER, audience: s.runtime.config.AUTH_AUDIENCE });
    const customer = DEMO.users.customer.id;
    const authorization = `Bearer ${await signer.sign({ id: customer, level: 0, keychain: [] })}`;
    const people = await s.messaging.inject({
      method: 'GET',
      url: `/conversation/${customer}:${customer}/people`,
      query: { filter: 'bazar' },
      headers: { authorization },
    });
    expect(JSON.parse(people.body).results).toEqual([
      expect.objectContaining({ id: DEMO.users.demoOwner.id, name: 'Daniela Demo', slug: 'demo', main_type: 'business' }),
    ]);
    const opened = await s.messaging.inject({
      method: 'PUT',
      url: `/conversation/${customer}:${customer}/conversation`,
      payload: { peer: DEMO.users.demoOwner.id },
      headers: { authorization },
    });
    expect(opened.statusCode).toBe(201);
    expect(JSON.parse(opened.body)).toMatchObject({ peer_name: 'Daniela Demo', profile: { slug: 'demo' } });
  });

  it('seeds the benchmark people too (SEED_BENCH_SHOPPERS), as accounts does', async () => {
    const people = benchPeople(3);
    const rows = await s.db
      .select()
      .from(users)
      .where(
        inArray(
          users.id,
          people.map((p) => p.id),
        ),
      );
    expect(rows.map((r) => r.name).sort()).toEqual(people.map((p) => p.name).sort());
  });
});
