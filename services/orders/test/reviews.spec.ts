import { newId } from '@vitrina/platform';
import { snapshot, startWorld, type World } from './world.js';

describe('reviews: the customer reviews each delivered order line once', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld();
  });
  afterAll(async () => {
    await w?.close();
  });

  async function order(over: { delivered: boolean; itemId?: string }) {
    const buyer = newId();
    const supplier = newId();
    const snap = snapshot({ userId: buyer, supplierId: supplier });
    if (over.itemId) snap.lines[0].itemId = over.itemId;
    const id = await w.paid(snap);
    const sauth = await w.token(supplier);
    if (over.delivered) {
      for (let n = 0; n < 3; n++) {
        const r = await w.request('POST', `/orders/admin/suppliers/${supplier}:${supplier}/orders/${id}/next`, {
          auth: sauth,
          payload: {},
        });
        expect(r.status).toBe(201);
      }
    }
    return { id, buyer, me: `${buyer}:${buyer}`, auth: await w.token(buyer), itemId: snap.lines[0].itemId };
  }

  const review = { title: 'Muy bonito', rating: 4, text: 'Llegó bien empacado.', photos: ['/api/gallery/files/abc.jpg'] };

  async function reviewedEvents(orderId: string) {
    return w.sql<{ data: { rating: number; previousRating: number | null; itemId: string } }>(
      `select envelope->'data' as data from orders.outbox where envelope->>'type' = 'orders.order.reviewed' and envelope->>'key' = '${orderId}' order by seq`,
    );
  }

  it('creates a review of a delivered line, signed with the contact name, and sends orders.order.reviewed with it', async () => {
    const o = await order({ delivered: true });
    const r = await w.request('POST', `/orders/${o.me}/orders/${o.id}/lines/l1/review`, { auth: o.auth, payload: review });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      order_id: o.id,
      line_id: 'l1',
      item_id: o.itemId,
      rating: 4,
      author_name: 'Ana López',
      photos: review.photos,
    });
    const got = await w.request('GET', `/orders/${o.me}/orders/${o.id}/lines/l1/review`, { auth: o.auth });
    expect([got.status, got.body.id]).toEqual([200, r.body.id]);
    const detail = await w.request('GET', `/orders/${o.me}/orders/${o.id}`, { auth: o.auth });
    expect(detail.body.lines[0].review_id).toBe(r.body.id);
    expect((await reviewedEvents(o.id)).map((e) => e.data)).toEqual([
      expect.objectContaining({ rating: 4, previousRating: null, itemId: o.itemId }),
    ]);
  });

  it('refuses a review before delivery (409 review_not_allowed) and writes nothing', async () => {
    const o = await order({ delivered: false });
    const r = await w.request('POST', `/orders/${o.me}/orders/${o.id}/lines/l1/review`, { auth: o.auth, payload: review });
    expect([r.status, r.body.code]).toEqual([409, 'review_not_allowed']);
    expect(await reviewedEvents(o.id)).toEqual([]);
    const got = await w.request('GET', `/orders/${o.me}/orders/${o.id}/lines/l1/review`, { auth: o.auth });
    expect([got.status, got.body.code]).toEqual([404, 'review_not_found']);
  });

  it('refuses a second review of the same line (409 review_exists), even racing', async () => {
    const o = await order({ delivered: true });
    const url = `/orders/${o.me}/orders/${o.id}/lines/l1/review`;
    const answers = await Promise.all([1, 2, 3].map(() => w.request('POST', url, { auth: o.auth, payload: review })));
    expect(answers.map((a) => a.status).sort((x, y) => x - y)).toEqual([201, 409, 409]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'review_exists')).toBe(true);
    expect(await reviewedEvents(o.id)).toHaveLength(1);
  });

  it('edits the review: the event carries the rating it had before', async () => {
    const o = await order({ delivered: true });
    const url = `/orders/${o.me}/orders/${o.id}/lines/l1/review`;
    const created = await w.request('POST', url, { auth: o.auth, payload: review });
    const edited = await w.request('PATCH', url, { auth: o.auth, payload: { rating: 2, text: 'Se rompió al mes.', photos: [] } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: created.body.id, title: 'Muy bonito', rating: 2, text: 'Se rompió al mes.', photos: [] });
    expect((await reviewedEvents(o.id)).map((e) => [e.data.rating, e.data.previousRating])).toEqual([
      [4, null],
      [2, 4],
    ]);
  });

  it('refuses bad input with 400 and an unknown line with 404', async () => {
    const o = await order({ delivered: true });
    const url = `/orders/${o.me}/orders/${o.id}/lines/l1/review`;
    for (const payload of [
      { ...review, rating: 6 },
      { ...review, rating: 0 },
      { ...review, rating: 3.5 },
      { ...review, title: '' },
      { ...review, title: '   ' },
      { ...review, photos: ['javascript:alert(1)'] },
      { ...review, photos: Array.from({ length: 6 }, (_, n) => `/api/gallery/files/${n}.jpg`) },
      { ...review, text: 'x'.repeat(2001) },
    ]) {
      const r = await w.request('POST', url, { auth: o.auth, payload });
      expect([r.status, r.body.code]).toEqual([400, 'validation_failed']);
    }
    const edit = await w.request('PATCH', url, { auth: o.auth, payload: { rating: null } });
    expect(edit.status).toBe(400);
    const missing = await w.request('POST', `/orders/${o.me}/orders/${o.id}/lines/l9/review`, { auth: o.auth, payload: review });
    expect([missing.status, missing.body.code]).toEqual([404, 'line_not_found']);
    const noReview = await w.request('PATCH', url, { auth: o.auth, payload: { rating: 3 } });
    expect([noReview.status, noReview.body.code]).toEqual([404, 'review_not_found']);
  });

  it("another customer gets 404 on the order's review and changes nothing", async () => {
    const o = await order({ delivered: true });
    const url = `/orders/${o.me}/orders/${o.id}/lines/l1/review`;
    await w.request('POST', url, { auth: o.auth, payload: review });
    const other = newId();
    const oauth = await w.token(other);
    const base = `/orders/${other}:${other}/orders/${o.id}/lines/l1/review`;
    expect((await w.request('GET', base, { auth: oauth })).status).toBe(404);
    expect((await w.request('PATCH', base, { auth: oauth, payload: { rating: 1 } })).status).toBe(404);
    expect((await w.request('POST', base, { auth: oauth, payload: review })).status).toBe(404);
    // someone else's owner segment with one's own token
    expect((await w.request('GET', url, { auth: oauth })).status).toBe(403);
    expect((await w.request('GET', url, { auth: o.auth })).body.rating).toBe(4);
  });

  it("lists an item's reviews publicly, newest first, with paging", async () => {
    const itemId = newId();
    const ids: string[] = [];
    for (const rating of [5, 3, 1]) {
      const o = await order({ delivered: true, itemId });
      const r = await w.request('POST', `/orders/${o.me}/orders/${o.id}/lines/l1/review`, { auth: o.auth, payload: { ...review, rating } });
      ids.push(r.body.id);
      await new Promise((r) => setTimeout(r, 5));
    }
    const list = await w.request('GET', `/orders/items/${itemId}/reviews`);
    expect(list.status).toBe(200);
    expect(list.body.matches_estimated).toBe(3);
    expect(list.body.results.map((r: { id: string }) => r.id)).toEqual([...ids].reverse());
    const page = await w.request('GET', `/orders/items/${itemId}/reviews?offset=1&limit=1`);
    expect(page.body.results.map((r: { rating: number }) => r.rating)).toEqual([3]);
    const none = await w.request('GET', `/orders/items/${newId()}/reviews`);
    expect(none.body).toEqual({ results: [], matches_estimated: 0 });
    expect((await w.request('GET', `/orders/items/${itemId}/reviews?limit=0`)).status).toBe(400);
  });
});
