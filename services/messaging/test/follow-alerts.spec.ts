import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eq } from 'drizzle-orm';
import type { EventEnvelope, UserFollowed } from '@vitrina/contracts';
import { newId } from '@vitrina/platform';
import { alerts, deliveries, inbox } from '../src/db/schema.js';
import { bootStack, waitFor, type Stack } from './support.js';

/** accounts.user.followed as accounts publishes it (keyed by the followed user, the follower acting). */
function followed(data: Partial<UserFollowed> = {}): EventEnvelope<UserFollowed> {
  const follow: UserFollowed = { followerId: newId(), followedId: newId(), followerName: 'Ana López', ...data };
  return {
    id: newId(),
    type: 'accounts.user.followed',
    version: 1,
    occurredAt: new Date().toISOString(),
    key: follow.followedId,
    actorId: follow.followerId,
    traceId: newId(),
    data: follow,
  };
}

describe("the 'follow' alert (accounts.user.followed, issue 15)", () => {
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

  it('tells the followed user once, however often the event comes, and sends no e-mail', async () => {
    const event = followed();
    await s.runtime.bus.publish('accounts.user', [event, event]);
    await processed(event.id);
    await s.runtime.bus.publish('accounts.user', [event]);
    await new Promise((r) => setTimeout(r, 200));
    await processed(event.id);

    const rows = await rowsOf(event.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: event.data.followedId,
      role: 'customer',
      origin: 'social',
      type: 'followed',
      subtype: null,
      link: '/me/inbox/',
      message: { es: 'Ana López empezó a seguirte', en: 'Ana López started following you', 'es-AR': 'Ana López empezó a seguirte' },
    });
    expect(await s.db.select().from(deliveries).where(eq(deliveries.userId, event.data.followedId))).toHaveLength(0);
  });

  it('says "someone" without a name, and drops an event without its ids', async () => {
    const nameless = followed({ followerName: '  ' });
    const broken = followed({ followedId: '' });
    await s.runtime.bus.publish('accounts.user', [nameless, broken]);
    await processed(nameless.id);
    await processed(broken.id);
    expect((await rowsOf(nameless.id))[0].message.es).toBe('Alguien empezó a seguirte');
    expect(await rowsOf(broken.id)).toHaveLength(0);
  });
});
