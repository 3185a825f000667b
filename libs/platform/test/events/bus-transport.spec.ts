import { afterEach, describe, expect, it } from '@jest/globals';
import { Controller, type INestMicroservice } from '@nestjs/common';
import { Ctx, EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import type { EventEnvelope } from '@vitrina/contracts';
import { BusContext, BusEventPattern, BusExceptionFilter, BusTransport } from '../../src/events/bus.transport.js';
import { deadLetterTopic, type DeadLetteredEvent } from '../../src/events/event-bus.js';
import { MemoryEventBus } from '../../src/events/memory-event-bus.js';
import { currentContext } from '../../src/logging/context.js';
import type { Inbox } from '../../src/outbox/inbox.js';
import { makeEvent } from './bus.contract.js';

/** Records what the transport asks of the inbox; applies every event (the DB-backed inbox is tested in test/outbox). */
class FakeInbox {
  readonly calls: Array<{ consumer: string; eventId: string }> = [];
  async process(consumer: string, event: EventEnvelope, apply: () => Promise<void>): Promise<boolean> {
    this.calls.push({ consumer, eventId: event.id });
    await apply();
    return true;
  }
}

const seen: Array<{ method: string; event: EventEnvelope; topic?: string; group?: string; traceId?: string; requestId?: string }> = [];
let failuresLeft = 0;

@Controller()
class ItemEvents {
  @BusEventPattern('t.item')
  async onItem(@Payload() event: EventEnvelope, @Ctx() ctx: BusContext): Promise<void> {
    if (failuresLeft > 0) {
      failuresLeft--;
      throw new Error('item handler failed');
    }
    const c = currentContext();
    seen.push({ method: 'onItem', event, topic: ctx.getTopic(), group: ctx.getGroup(), traceId: c?.traceId, requestId: c?.requestId });
  }

  @EventPattern('t.order', { maxAttempts: 2 })
  async onOrder(@Payload() event: EventEnvelope): Promise<void> {
    seen.push({ method: 'onOrder', event });
    throw new Error(`cannot take order ${event.key}`);
  }
}

@Controller()
class MoreItemEvents {
  @EventPattern('t.item')
  async alsoOnItem(@Payload() event: EventEnvelope): Promise<void> {
    seen.push({ method: 'alsoOnItem', event });
  }
}

/** Two handlers of one topic that name the types they act on. */
@Controller()
class TypedEvents {
  @BusEventPattern('t.typed', { types: ['t.typed.expired'] })
  async onExpired(@Payload() event: EventEnvelope): Promise<void> {
    // every handler of a topic runs for each delivered event: each still checks its own type
    if (event.type === 't.typed.expired') seen.push({ method: 'onExpired', event });
  }

  @BusEventPattern('t.typed', { types: ['t.typed.cancelled'] })
  async onCancelled(@Payload() event: EventEnvelope): Promise<void> {
    if (event.type === 't.typed.cancelled') seen.push({ method: 'onCancelled', event });
  }
}

/** One handler idempotent on its own (no inbox), one that needs it, on one topic. */
@Controller()
class SelfKeyedEvents {
  @BusEventPattern('t.self', { types: ['t.self.noted', 't.self.both'], inbox: false })
  async onNoted(@Payload() event: EventEnvelope): Promise<void> {
    if (event.type !== 't.self.paid') seen.push({ method: 'onNoted', event });
  }

  @BusEventPattern('t.self', { types: ['t.self.paid', 't.self.both'] })
  async onPaid(@Payload() event: EventEnvelope): Promise<void> {
    if (event.type !== 't.self.noted') seen.push({ method: 'onPaid', event });
  }
}

@Controller()
class RequestReply {
  @MessagePattern('t.question')
  answer(): string {
    return 'no';
  }
}

const until = async (what: string, cond: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('BusTransport (Nest custom transport)', () => {
  let app: INestMicroservice | undefined;
  let bus: MemoryEventBus;

  async function start(controllers: Array<new () => unknown>, { inbox = new FakeInbox(), keepErrors = false } = {}) {
    bus = new MemoryEventBus({ maxAttempts: 3, baseDelayMs: 2, closeGraceMs: 100 });
    const moduleRef = await Test.createTestingModule({ controllers }).compile();
    const transport = new BusTransport({ bus, group: 'tests', inbox: inbox as unknown as Inbox });
    app = moduleRef.createNestMicroservice({ strategy: transport, logger: false });
    if (keepErrors) app.useGlobalFilters(new BusExceptionFilter());
    await app.listen();
    return { inbox, transport };
  }

  afterEach(async () => {
    seen.length = 0;
    failuresLeft = 0;
    await app?.close();
    app = undefined;
    await bus?.close();
  });

  it('delivers @EventPattern(topic) handlers through the inbox, with the event id and trace id as context', async () => {
    const { inbox } = await start([ItemEvents]);
    const event = makeEvent('t.item', 'item-1', 0);
    await bus.publish('t.item', [event]);
    await until('the handler', () => seen.length === 1);
    expect(seen[0]).toMatchObject({ method: 'onItem', topic: 't.item', group: 'tests', traceId: event.traceId, requestId: event.id });
    expect(seen[0].event).toEqual(event);
    expect(inbox.calls).toEqual([{ consumer: 'tests', eventId: event.id }]);
  });

  it('propagates handler errors to the bus: retried with backoff until the handler succeeds', async () => {
    await start([ItemEvents]);
    failuresLeft = 2;
    const item = makeEvent('t.item', 'item-2', 0);
    await bus.publish('t.item', [item]);
    await until('the third attempt to succeed', () => seen.some((s) => s.method === 'onItem'));
    expect(failuresLeft).toBe(0);
  });

  it('dead-letters after maxAttempts from @EventPattern extras; BusExceptionFilter keeps the original error', async () => {
    await start([ItemEvents], { keepErrors: true });
    const dead: DeadLetteredEvent[] = [];
    await bus.subscribe({ topic: deadLetterTopic('t.order'), group: 'watch', handler: async (e) => void dead.push(e) });
    const order = makeEvent('t.order', 'order-9', 0);
    await bus.publish('t.order', [order]);
    await until('the dead letter', () => dead.length === 1);
    expect(seen.filter((s) => s.method === 'onOrder')).toHaveLength(2);
    expect(dead[0]).toMatchObject({ id: order.id, deadLetter: { group: 'tests', attempts: 2 } });
    expect(dead[0].deadLetter!.error).toContain('cannot take order order-9');
  });

  it("without a filter, Nest's generic RPC error still reaches the bus (retries and dead-letter happen)", async () => {
    await start([ItemEvents]);
    const dead: DeadLetteredEvent[] = [];
    await bus.subscribe({ topic: deadLetterTopic('t.order'), group: 'watch', handler: async (e) => void dead.push(e) });
    await bus.publish('t.order', [makeEvent('t.order', 'order-10', 0)]);
    await until('the dead letter', () => dead.length === 1);
    expect(dead[0].deadLetter).toMatchObject({ attempts: 2, error: 'Internal server error' });
  });

  it('runs every handler of a topic (several controllers) within one delivery', async () => {
    const { inbox } = await start([ItemEvents, MoreItemEvents]);
    const event = makeEvent('t.item', 'item-3', 0);
    await bus.publish('t.item', [event]);
    await until('both handlers', () => seen.length === 2);
    expect(seen.map((s) => s.method).sort()).toEqual(['alsoOnItem', 'onItem']);
    expect(inbox.calls).toHaveLength(1);
  });

  it('settles events of types no handler names without the inbox; a handler without types still gets every event', async () => {
    const { inbox } = await start([TypedEvents]);
    const created = makeEvent('t.typed', 'c-1', 0, { type: 't.typed.created' });
    const expired = makeEvent('t.typed', 'c-1', 1, { type: 't.typed.expired' });
    const cancelled = makeEvent('t.typed', 'c-2', 2, { type: 't.typed.cancelled' });
    await bus.publish('t.typed', [created, expired, cancelled]);
    await until('the named types', () => seen.length === 2);
    // only the named types reached the inbox (and the handlers); the created event was settled without a transaction
    expect(inbox.calls.map((c) => c.eventId).sort()).toEqual([expired.id, cancelled.id].sort());
    expect(seen.map((s) => `${s.method} ${s.event.type}`).sort()).toEqual(['onCancelled t.typed.cancelled', 'onExpired t.typed.expired']);
    await app!.close();
    app = undefined;
    seen.length = 0;
    // one handler without types: every event reaches the inbox
    const all = await start([ItemEvents]);
    const other = makeEvent('t.item', 'i-9', 0, { type: 'anything.at.all' });
    await bus.publish('t.item', [other]);
    await until('the untyped handler', () => seen.length === 1);
    expect(all.inbox.calls.map((c) => c.eventId)).toEqual([other.id]);
  });

  it('hands over without the inbox an event only handlers idempotent on their own take (inbox: false)', async () => {
    const { inbox } = await start([SelfKeyedEvents]);
    const noted = makeEvent('t.self', 'o-1', 0, { type: 't.self.noted' });
    const paid = makeEvent('t.self', 'o-1', 1, { type: 't.self.paid' });
    const both = makeEvent('t.self', 'o-1', 2, { type: 't.self.both' });
    await bus.publish('t.self', [noted, paid, both]);
    await until('the three events', () => seen.length === 4);
    expect(seen.map((x) => `${x.method} ${x.event.type}`)).toEqual([
      'onNoted t.self.noted',
      'onPaid t.self.paid',
      'onNoted t.self.both',
      'onPaid t.self.both',
    ]);
    // the noted event ran without a claim; one that a handler needing the inbox takes, through it
    expect(inbox.calls.map((c) => c.eventId)).toEqual([paid.id, both.id]);
  });

  it('stops consuming on close', async () => {
    await start([ItemEvents]);
    await app!.close();
    app = undefined;
    await bus.publish('t.item', [makeEvent('t.item', 'item-4', 0)]);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toHaveLength(0);
  });

  it('refuses request-reply @MessagePattern handlers: the bus carries events only', async () => {
    await expect(start([RequestReply])).rejects.toThrow(/MessagePattern\(t\.question\) is not supported/);
  });
});
