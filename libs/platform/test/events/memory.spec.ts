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
