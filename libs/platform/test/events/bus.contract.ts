import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { EventEnvelope } from '@vitrina/contracts';
import { deadLetterTopic, type DeadLetteredEvent, type EventBus, type Subscription } from '../../src/events/event-bus.js';

/**
 * The contract every EventBus adapter satisfies (docs/architecture.md §3). Run it from an adapter's spec:
 *
 *   runEventBusContract('memory', () => Promise.resolve(new MemoryEventBus({ maxAttempts: 3, baseDelayMs: 5, closeGraceMs: 100 })));
 *
 * `makeBus` must return a fresh bus configured for tests: default `maxAttempts` 3, backoffs of a few ms, and a
 * close grace period of ~100 ms (a closed member's in-flight handler is abandoned after it). Buses made by one
 * `makeBus` share their backend (same Redis prefix, same Kafka cluster), like the processes of one deployment.
 */
export interface EventBusContractOptions {
  /** How long a newly joined group member needs to get its share of the partitions (Kafka rebalances). */
  settleMs?: number;
  /** Longest wait for an expected delivery (default 20 s). */
  timeoutMs?: number;
  /**
   * Waits until the `members` subscriptions of `group` on `topic` share the work (Kafka: every member has its
   * partitions after the rebalance). Runs after `settleMs`.
   */
  settle?: (bus: EventBus, topic: string, group: string, members: number) => Promise<void>;
  /** Creates topics before a case uses them (Kafka: topics are never auto-created). */
  prepareTopics?: (topics: string[]) => Promise<void>;
  /** True when a second bus instance (another process) sees what the first published: Redis and Kafka. */
  sharedAcrossInstances?: boolean;
  /** Bus default for maxAttempts that makeBus configures (default 3). */
  defaultMaxAttempts?: number;
}

export type MakeBus = () => Promise<EventBus>;

interface Seen {
  event: EventEnvelope<{ seq: number }>;
  member: string;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function waitFor(what: string, predicate: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for: ${what}`);
    await sleep(10);
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

let counter = 0;
export function makeEvent(topic: string, key: string, seq: number, extra: Partial<EventEnvelope> = {}): EventEnvelope<{ seq: number }> {
  return {
    id: randomUUID(),
    type: `${topic}.happened`,
    version: 1,
    occurredAt: new Date().toISOString(),
    key,
    traceId: randomUUID(),
    data: { seq },
    ...extra,
  } as EventEnvelope<{ seq: number }>;
}

export function runEventBusContract(name: string, makeBus: MakeBus, options: EventBusContractOptions = {}): void {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const settleMs = options.settleMs ?? 0;
  const defaultMaxAttempts = options.defaultMaxAttempts ?? 3;
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

  describe(`EventBus contract: ${name}`, () => {
    const buses: EventBus[] = [];
    const subscriptions: Subscription[] = [];
    const gates: Array<() => void> = [];

    const bus = async (): Promise<EventBus> => {
      const b = await makeBus();
      buses.push(b);
      return b;
    };
    const topicFor = async (label: string): Promise<string> => {
      const topic = `ct.${run}.${label}.${++counter}`;
      await options.prepareTopics?.([topic, deadLetterTopic(topic)]);
      return topic;
    };
    const track = (s: Subscription): Subscription => {
      subscriptions.push(s);
      return s;
    };

    afterEach(async () => {
      for (const open of gates.splice(0)) open();
      await Promise.all(subscriptions.splice(0).map((s) => s.close().catch(() => undefined)));
      await Promise.all(buses.splice(0).map((b) => b.close().catch(() => undefined)));
    });

    it('keeps the order of each key (many keys interleaved)', async () => {
      const b = await bus();
      const topic = await topicFor('order');
      const seen: Seen[] = [];
      track(
        await b.subscribe({
          topic,
          group: 'g',
          handler: async (event) => {
            // Uneven handler times: a bus that ran one key's events concurrently would reorder them.
            await sleep(Math.random() < 0.3 ? 3 : 0);
            seen.push({ event: event as Seen['event'], member: 'a' });
          },
        }),
      );
      const keys = Array.from({ length: 8 }, (_, i) => `key-${i}`);
      const perKey = 20;
      const all: EventEnvelope[] = [];
      for (let seq = 0; seq < perKey; seq++) for (const key of keys) all.push(makeEvent(topic, key, seq));
      for (let i = 0; i < all.length; i += 12) await b.publish(topic, all.slice(i, i + 12));

      const distinct = () => new Set(seen.map((s) => s.event.id)).size;
      await waitFor(`${all.length} events`, () => distinct() === all.length, timeoutMs);
      for (const key of keys) {
        const firsts: number[] = [];
        const ids = new Set<string>();
        for (const s of seen) {
          if (s.event.key !== key || ids.has(s.event.id)) continue;
          ids.add(s.event.id);
          firsts.push(s.event.data.seq);
        }
        expect(firsts).toEqual(Array.from({ length: perKey }, (_, i) => i));
      }
    });

    it('delivers every event to every consumer group', async () => {
      const b = await bus();
      const topic = await topicFor('groups');
      const byGroup: Record<string, Set<string>> = { one: new Set(), two: new Set() };
      await Promise.all(
        Object.keys(byGroup).map(async (group) =>
          track(await b.subscribe({ topic, group, handler: async (e) => void byGroup[group].add(e.id) })),
        ),
      );
      const events = Array.from({ length: 30 }, (_, i) => makeEvent(topic, `k${i % 7}`, i));
      await b.publish(topic, events);
      await waitFor('both groups to receive everything', () => byGroup.one.size === 30 && byGroup.two.size === 30, timeoutMs);
      expect([...byGroup.one].sort()).toEqual(events.map((e) => e.id).sort());
      expect([...byGroup.two].sort()).toEqual(events.map((e) => e.id).sort());
    });

    it('lets one group consume several topics (a service subscribing each of its topics)', async () => {
      const b = await bus();
      const topics = [await topicFor('multi-a'), await topicFor('multi-b')];
      const byTopic = new Map<string, Set<string>>(topics.map((t) => [t, new Set<string>()]));
      for (const s of await Promise.all(
        topics.map((topic) => b.subscribe({ topic, group: 'service', handler: async (e) => void byTopic.get(topic)!.add(e.id) })),
      )) {
        track(s);
      }
      const events = new Map(topics.map((t) => [t, Array.from({ length: 12 }, (_, i) => makeEvent(t, `k${i}`, i))]));
      for (const [topic, list] of events) await b.publish(topic, list);
      await waitFor('every topic to be consumed', () => topics.every((t) => byTopic.get(t)!.size === 12), timeoutMs);
      for (const t of topics)
        expect([...byTopic.get(t)!].sort()).toEqual(
          events
            .get(t)!
            .map((e) => e.id)
            .sort(),
        );
    });

    it('shares the work among the members of one group (each event handled once in total)', async () => {
      const b = await bus();
      const topic = await topicFor('share');
      const handled: Seen[] = [];
      for (const member of ['a', 'b']) {
        track(
          await b.subscribe({
            topic,
            group: 'workers',
            handler: async (event) => {
              await sleep(5);
              handled.push({ event: event as Seen['event'], member });
            },
          }),
        );
      }
      if (settleMs) await sleep(settleMs);
      await options.settle?.(b, topic, 'workers', 2);
      const events = Array.from({ length: 48 }, (_, i) => makeEvent(topic, `order-${i}`, i));
      await b.publish(topic, events);
      await waitFor('all events handled', () => new Set(handled.map((h) => h.event.id)).size === events.length, timeoutMs);
      await sleep(300); // room for a duplicate to show up
      expect(handled).toHaveLength(events.length);
      const perMember = { a: handled.filter((h) => h.member === 'a').length, b: handled.filter((h) => h.member === 'b').length };
      expect(perMember.a).toBeGreaterThan(0);
      expect(perMember.b).toBeGreaterThan(0);
    });

    it('redelivers to another member the events a member took but never finished (it closed mid-handling)', async () => {
      const b = await bus();
      const topic = await topicFor('redeliver');
      const stuck = new Set<string>();
      const byB = new Set<string>();
      const hang = deferred();
      gates.push(hang.resolve);
      const dying = await b.subscribe({
        topic,
        group: 'workers',
        handler: async (event) => {
          stuck.add(event.id);
          await hang.promise; // never finishes while the test runs: this member "dies" mid-handling
        },
      });
      track(dying);
      track(await b.subscribe({ topic, group: 'workers', handler: async (e) => void byB.add(e.id) }));
      if (settleMs) await sleep(settleMs);
      await options.settle?.(b, topic, 'workers', 2);
      const events = Array.from({ length: 24 }, (_, i) => makeEvent(topic, `order-${i}`, i));
      await b.publish(topic, events);
      await waitFor('the dying member to take an event', () => stuck.size > 0, timeoutMs);
      await dying.close();
      await waitFor('the other member to handle every event', () => events.every((e) => byB.has(e.id)), timeoutMs + settleMs);
      for (const id of stuck) expect(byB.has(id)).toBe(true);
    });

    it('retries a failing handler in place (order kept) and dead-letters after maxAttempts', async () => {
      const b = await bus();
      const topic = await topicFor('dlq');
      const attempts = new Map<string, number>();
      const done: string[] = [];
      const dead: DeadLetteredEvent[] = [];
      const flaky = makeEvent(topic, 'flaky', 0);
      const afterFlaky = makeEvent(topic, 'flaky', 1);
      const poison = makeEvent(topic, 'poison', 0);
      const afterPoison = makeEvent(topic, 'poison', 1);
      let explicitAttempts = 0;
      const subscribed = [
        b.subscribe({ topic: deadLetterTopic(topic), group: 'dlq-watch', handler: async (e) => void dead.push(e) }),
        b.subscribe({
          topic,
          group: 'default-attempts',
          handler: async (e) => {
            const n = (attempts.get(e.id) ?? 0) + 1;
            attempts.set(e.id, n);
            if (e.id === poison.id) throw new Error(`poison ${e.id}`);
            if (e.id === flaky.id && n < 3) throw new Error('flaky');
            done.push(e.id);
          },
        }),
        b.subscribe({
          topic,
          group: 'two-attempts',
          maxAttempts: 2,
          handler: async (e) => {
            if (e.id !== poison.id) return;
            explicitAttempts++;
            throw new Error('still poison');
          },
        }),
      ];
      for (const s of await Promise.all(subscribed)) track(s);
      await b.publish(topic, [flaky, poison, afterFlaky, afterPoison]);

      await waitFor('two dead letters and the healthy events', () => dead.length >= 2 && done.length >= 3, timeoutMs);
      await sleep(200);
      // The flaky event succeeded on its third attempt, before the next event of its key.
      expect(attempts.get(flaky.id)).toBe(3);
      expect(done.filter((id) => id === flaky.id || id === afterFlaky.id)).toEqual([flaky.id, afterFlaky.id]);
      // The poison event was tried maxAttempts times, dead-lettered, and its key moved on.
      expect(attempts.get(poison.id)).toBe(defaultMaxAttempts);
      expect(done).toContain(afterPoison.id);
      expect(done).not.toContain(poison.id);
      expect(explicitAttempts).toBe(2);
      expect(dead).toHaveLength(2);
      const byGroup = new Map(dead.map((d) => [d.deadLetter?.group, d]));
      const fromDefault = byGroup.get('default-attempts');
      expect(fromDefault).toMatchObject({ id: poison.id, key: poison.key, type: poison.type, data: poison.data, traceId: poison.traceId });
      expect(fromDefault?.deadLetter).toMatchObject({ topic, group: 'default-attempts', attempts: defaultMaxAttempts });
      expect(fromDefault?.deadLetter?.error).toContain(`poison ${poison.id}`);
      expect(byGroup.get('two-attempts')?.deadLetter).toMatchObject({ attempts: 2, error: 'still poison' });
    });

    it('publish never waits for handlers', async () => {
      const b = await bus();
      const topic = await topicFor('nowait');
      const gate = deferred();
      gates.push(gate.resolve);
      const seen = new Set<string>();
      track(
        await b.subscribe({
          topic,
          group: 'slow',
          handler: async (e) => {
            await gate.promise;
            seen.add(e.id);
          },
        }),
      );
      const events = Array.from({ length: 6 }, (_, i) => makeEvent(topic, `k${i % 2}`, i));
      const published = Promise.all([b.publish(topic, events.slice(0, 3)), b.publish(topic, events.slice(3))]);
      let timer: NodeJS.Timeout | undefined;
      const blocked = new Promise<string>((r) => (timer = setTimeout(() => r('blocked'), 10_000)));
      const outcome = await Promise.race([published.then(() => 'resolved'), blocked]);
      clearTimeout(timer);
      expect(outcome).toBe('resolved');
      expect(seen.size).toBe(0);
      gate.resolve();
      await waitFor('events handled once the handler is free', () => seen.size === events.length, timeoutMs);
    });

    it('publish resolves after durable acceptance: a group created afterwards still receives the events', async () => {
      const publisher = await bus();
      const topic = await topicFor('durable');
      const events = Array.from({ length: 5 }, (_, i) => makeEvent(topic, 'agg-1', i));
      await publisher.publish(topic, events);
      let consumerBus = publisher;
      if (options.sharedAcrossInstances) {
        // The publishing process is gone: what it published lives in the broker.
        await publisher.close();
        consumerBus = await bus();
      }
      const seen: number[] = [];
      track(await consumerBus.subscribe({ topic, group: 'late', handler: async (e) => void seen.push((e.data as { seq: number }).seq) }));
      await waitFor('the late group to receive the earlier events', () => seen.length >= events.length, timeoutMs);
      expect(seen.slice(0, 5)).toEqual([0, 1, 2, 3, 4]);
    });

    it('answers ping and refuses to publish after close', async () => {
      const b = await bus();
      await expect(b.ping()).resolves.toBeUndefined();
      await b.close();
      await expect(b.publish('ct.closed', [makeEvent('ct.closed', 'k', 0)])).rejects.toThrow();
    });
  });
}
