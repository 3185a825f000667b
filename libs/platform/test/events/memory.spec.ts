import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it } from '@jest/globals';
import { MemoryEventBus } from '../../src/events/memory-event-bus.js';
import { makeEvent, runEventBusContract } from './bus.contract.js';

/** Waits for a condition instead of a fixed delay: a loaded machine may take far longer than 20 ms to run a handler. */
async function eventually(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
}

runEventBusContract('memory', async () => new MemoryEventBus({ maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 40, closeGraceMs: 100 }));

describe('MemoryEventBus specifics', () => {
  it('publish only enqueues: no handler has started when it resolves', async () => {
    const bus = new MemoryEventBus();
    let started = 0;
    await bus.subscribe({ topic: 'm.t', group: 'g', handler: async () => void started++ });
    await bus.publish('m.t', [makeEvent('m.t', 'k', 0), makeEvent('m.t', 'k', 1)]);
    await Promise.resolve();
    expect(started).toBe(0);
    await eventually(() => started === 2);
    expect(started).toBe(2);
    await bus.close();
  });

  it("runs handlers in the subscriber's async context, never the publisher's (e.g. its transaction)", async () => {
    const als = new AsyncLocalStorage<string>();
    const bus = new MemoryEventBus();
    const seen: Array<string | undefined> = [];
    await als.run('subscriber', () => bus.subscribe({ topic: 'm.ctx', group: 'g', handler: async () => void seen.push(als.getStore()) }));
    await als.run('publisher-transaction', () => bus.publish('m.ctx', [makeEvent('m.ctx', 'k', 0)]));
    await eventually(() => seen.length > 0);
    expect(seen).toEqual(['subscriber']);
    await bus.close();
  });

  it('uses the maxAttempts given to the constructor by default', async () => {
    const bus = new MemoryEventBus({ maxAttempts: 4, baseDelayMs: 1 });
    let attempts = 0;
    const dead: string[] = [];
    await bus.subscribe({ topic: 'm.dlq.dlq', group: 'w', handler: async (e) => void dead.push(e.id) });
    await bus.subscribe({
      topic: 'm.dlq',
      group: 'g',
      handler: async () => {
        attempts++;
        throw new Error('no');
      },
    });
    const e = makeEvent('m.dlq', 'k', 0);
    await bus.publish('m.dlq', [e]);
    await eventually(() => dead.length > 0);
    expect(dead).toEqual([e.id]);
    expect(attempts).toBe(4);
    await bus.close();
  });

  it('keeps events for a group whose members all left, until one rejoins', async () => {
    const bus = new MemoryEventBus();
    const first = await bus.subscribe({ topic: 'm.rejoin', group: 'g', handler: async () => undefined });
    await first.close();
    await bus.publish('m.rejoin', [makeEvent('m.rejoin', 'k', 0)]);
    const seen: number[] = [];
    await bus.subscribe({ topic: 'm.rejoin', group: 'g', handler: async (e) => void seen.push((e.data as { seq: number }).seq) });
    await eventually(() => seen.length > 0);
    expect(seen).toEqual([0]);
    await bus.close();
  });
});

/**
 * Settlement (embedded mode's delivery guarantee, see the class comment): the outbox relay marks a row published only
 * when `publishTracked`'s settlement resolves, so these pin down exactly when it does.
 */
describe('MemoryEventBus settlement (publishTracked)', () => {
  /** Whether `p` has resolved, without waiting for it. */
  const isSettled = async (p: Promise<void>): Promise<boolean> => {
    let done = false;
    void p.then(() => (done = true));
    await new Promise((r) => setImmediate(r));
    return done;
  };
  /** A handler that waits for `release()`; `seen` counts its calls. */
  const gated = () => {
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const h = {
      seen: 0,
      release: () => open(),
      handler: async () => {
        h.seen++;
        await gate;
      },
    };
    return h;
  };

  it('resolves only once every consumer group has handled the event', async () => {
    const bus = new MemoryEventBus();
    const fast: string[] = [];
    const slow = gated();
    await bus.subscribe({ topic: 's.all', group: 'fast', handler: async (e) => void fast.push(e.id) });
    await bus.subscribe({ topic: 's.all', group: 'slow', handler: slow.handler });
    const e = makeEvent('s.all', 'k', 0);
    const [settlement] = await bus.publishTracked('s.all', [e]);
    await eventually(() => fast.length === 1 && slow.seen === 1);
    expect(await isSettled(settlement)).toBe(false);
    slow.release();
    await settlement;
    expect(fast).toEqual([e.id]);
    await bus.close();
  });

  it('waits through retries, and counts a dead-lettered event as settled for its group', async () => {
    const bus = new MemoryEventBus({ maxAttempts: 2, baseDelayMs: 1 });
    let attempts = 0;
    await bus.subscribe({
      topic: 's.dead',
      group: 'failing',
      handler: async () => {
        attempts++;
        throw new Error('always');
      },
    });
    const [settlement] = await bus.publishTracked('s.dead', [makeEvent('s.dead', 'k', 0)]);
    await settlement;
    expect(attempts).toBe(2);
    await bus.close();
  });

  it('settles at once when no group subscribes to the topic', async () => {
    const bus = new MemoryEventBus();
    const [settlement] = await bus.publishTracked('s.nobody', [makeEvent('s.nobody', 'k', 0)]);
    await settlement;
    await bus.close();
  });

  it('waits for a group that subscribes while the event is unsettled (it gets the retained copy)', async () => {
    const bus = new MemoryEventBus();
    const first = gated();
    await bus.subscribe({ topic: 's.late', group: 'early', handler: first.handler });
    const e = makeEvent('s.late', 'k', 0);
    const [settlement] = await bus.publishTracked('s.late', [e]);
    const late = gated();
    await bus.subscribe({ topic: 's.late', group: 'late', handler: late.handler });
    first.release();
    await eventually(() => late.seen === 1);
    expect(await isSettled(settlement)).toBe(false);
    late.release();
    await settlement;
    await bus.close();
  });

  it('with awaitGroups, nothing settles before groupsJoined(), and a group joining before it is waited for', async () => {
    const bus = new MemoryEventBus({ awaitGroups: true });
    // Published before any consumer exists, as accounts' relay replays its outbox before messaging has started.
    const e = makeEvent('s.gate', 'k', 0);
    const [settlement] = await bus.publishTracked('s.gate', [e]);
    expect(await isSettled(settlement)).toBe(false);
    const handled: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    await bus.subscribe({ topic: 's.gate', group: 'messaging', handler: async (ev) => (await gate, void handled.push(ev.id)) });
    bus.groupsJoined();
    expect(await isSettled(settlement)).toBe(false);
    open();
    await settlement;
    expect(handled).toEqual([e.id]);
    await bus.close();
  });

  it('with awaitGroups, an event every group already handled settles at groupsJoined()', async () => {
    const bus = new MemoryEventBus({ awaitGroups: true });
    const handled: string[] = [];
    await bus.subscribe({ topic: 's.held', group: 'g', handler: async (ev) => void handled.push(ev.id) });
    const [settlement] = await bus.publishTracked('s.held', [makeEvent('s.held', 'k', 0)]);
    await eventually(() => handled.length === 1);
    expect(await isSettled(settlement)).toBe(false);
    bus.groupsJoined();
    await settlement;
    await bus.close();
  });

  it('publishing an unsettled event again returns the same settlement and delivers it once', async () => {
    const bus = new MemoryEventBus();
    const slow = gated();
    await bus.subscribe({ topic: 's.again', group: 'g', handler: slow.handler });
    const e = makeEvent('s.again', 'k', 0);
    const [first] = await bus.publishTracked('s.again', [e]);
    const [second] = await bus.publishTracked('s.again', [e]);
    expect(second).toBe(first);
    slow.release();
    await first;
    // Once settled, the same event published again is a new delivery (the inbox drops it for consumers).
    const [third] = await bus.publishTracked('s.again', [e]);
    await third;
    expect(slow.seen).toBe(2);
    await bus.close();
  });

  it('plain publish is untracked and unchanged', async () => {
    const bus = new MemoryEventBus({ awaitGroups: true });
    const seen: string[] = [];
    await bus.subscribe({ topic: 's.plain', group: 'g', handler: async (ev) => void seen.push(ev.id) });
    await bus.publish('s.plain', [makeEvent('s.plain', 'k', 0)]);
    await eventually(() => seen.length === 1);
    expect(seen).toHaveLength(1);
    await bus.close();
  });
});
