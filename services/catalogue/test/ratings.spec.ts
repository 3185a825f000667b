import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEMO_ITEMS, ORDERS_TOPIC, OrderEvents, type EventEnvelope, type OrderReviewedEvent } from '@vitrina/contracts';
import { newId, rowsOf } from '@vitrina/platform';
import { eventually, json } from './helpers.js';
import { startWorld, type World } from './world.js';

/** `orders.order.reviewed` as the orders service writes it (keyed by order id). */
function reviewed(orderId: string, itemId: string, rating: number, previousRating: number | null): EventEnvelope<OrderReviewedEvent> {
  return {
    id: newId(),
    type: OrderEvents.reviewed,
    version: 1,
    occurredAt: new Date().toISOString(),
    key: orderId,
    traceId: newId(),
    data: {
      orderId,
      checkoutId: newId(),
      userId: newId(),
      shopId: newId(),
      supplierId: newId(),
      dssupplierId: null,
      reviewId: newId(),
      itemId,
      rating,
      previousRating,
    },
  };
}

describe('item ratings from the orders service’s reviews', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld({ seed: true });
  });
  afterAll(async () => {
    await w?.close();
  });

  const rating = async (itemId: string) =>
    (await json(w.catalogue, 'GET', `/catalogue/items/${itemId}`)).body.rating as { average: number; count: number };
  const publish = (events: EventEnvelope[]) => w.runtime.bus.publish(ORDERS_TOPIC, events);

  it('shows an item without reviews as 0 stars of 0', async () => {
    const item = DEMO_ITEMS[1];
    const res = await json(w.catalogue, 'GET', `/catalogue/items/${item.id}`);
    expect(res.status).toBe(200);
    expect(res.body.rating).toEqual({ average: 0, count: 0 });
  });

  it('adds each review once, even when its event is delivered twice, and an edit moves the average', async () => {
    const item = DEMO_ITEMS[0].id;
    const order = newId();
    const first = reviewed(order, item, 5, null);
    await publish([first]);
    await publish([first]); // the same event again (a redelivery): counted once
    await publish([reviewed(order, item, 4, null)]);
    expect(await eventually(async () => ((await rating(item)).count === 2 ? rating(item) : undefined))).toEqual({ average: 4.5, count: 2 });
    await publish([first]);
    // an edit of the second review from 4 to 2 stars: (5 + 2) / 2
    await publish([reviewed(order, item, 2, 4)]);
    expect(await eventually(async () => ((await rating(item)).average === 3.5 ? rating(item) : undefined))).toEqual({
      average: 3.5,
      count: 2,
    });
    const rows = rowsOf<{ rating_sum: number; rating_count: number }>(
      await w.tdb.database.drizzle({}).execute(`select rating_sum, rating_count from catalogue.items where id = '${item}'`),
    );
    expect(rows[0]).toEqual({ rating_sum: 7, rating_count: 2 });
  });

  it('rounds the average to 1 decimal and ignores events without an item or a 1-5 rating', async () => {
    const item = DEMO_ITEMS[2].id;
    const order = newId();
    await publish([reviewed(order, item, 5, null), reviewed(order, item, 4, null), reviewed(order, item, 4, null)]);
    await publish([reviewed(order, item, 9, null), reviewed(order, '', 3, null), reviewed(order, item, 3, 7)]);
    await publish([reviewed(order, newId(), 5, null)]); // an item the catalogue does not have: nothing to count
    await publish([reviewed(order, item, 1, null)]);
    expect(await eventually(async () => ((await rating(item)).count === 4 ? rating(item) : undefined))).toEqual({ average: 3.5, count: 4 });
    await publish([reviewed(order, item, 2, 1)]);
    expect(await eventually(async () => ((await rating(item)).average === 3.8 ? rating(item) : undefined))).toEqual({
      average: 3.8,
      count: 4,
    });
  });
});
