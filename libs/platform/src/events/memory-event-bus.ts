import { AsyncResource } from 'node:async_hooks';
import type { EventEnvelope } from '@vitrina/contracts';
import { deadLetterTopic, type EventBus, type EventHandler, type SubscribeOptions, type Subscription } from './event-bus.js';
import {
  backoffDelay,
  deadLetterInfo,
  partitionOf,
  settledWithin,
  silentLogger,
  withDeadLetter,
  type BusLogger,
} from './bus-support.js';

export interface MemoryEventBusOptions {
  /** Handler attempts before an event goes to `<topic>.dlq`, unless the subscription says otherwise (default 5). */
  maxAttempts?: number;
  /** Backoff before the second attempt; doubles after each failure (default 200 ms). */
  baseDelayMs?: number;
  /** Longest backoff (default 30 s). */
  maxDelayMs?: number;
  /** Lanes per consumer group: keys are hashed onto lanes, each lane is sequential (default 16). */
  lanes?: number;
  /** How long `close()` waits for an in-flight handler before handing its event to another member (default 5 s). */
  closeGraceMs?: number;
  /**
   * Events kept per topic so that a group subscribing later still receives what was published before it
   * existed (as a new Kafka group reading from the earliest offset). Default 10 000 per topic.
   */
  retention?: number;
  logger?: BusLogger;
}

interface Item {
  event: EventEnvelope;
  attempts: number;
}

interface Member {
  readonly id: number;
  readonly handler: EventHandler;
  readonly maxAttempts: number;
  /** The async context of the subscriber: handlers never run inside the publisher's context (its transaction). */
  readonly scope: AsyncResource;
  closed: boolean;
}

interface Running {
  member: Member;
  promise: Promise<void>;
}

interface Lane {
  readonly index: number;
  readonly queue: Item[];
  owner?: Member;
  running?: Running;
  retryTimer?: NodeJS.Timeout;
  scheduled: boolean;
}

interface Group {
  readonly topic: string;
  readonly name: string;
  readonly lanes: Lane[];
  readonly members: Member[];
}

interface TopicState {
  readonly retained: EventEnvelope[];
  readonly groups: Map<string, Group>;
}

/**
 * The in-process event bus used in embedded mode and in service tests.
 *
 * Semantics (the same contract as the Redis and Kafka adapters, see test/events/bus.contract.ts):
 * - `publish` only enqueues and resolves: it never runs or awaits a handler. The outbox relay publishes while
 *   holding a database transaction, and on PGlite a handler opening its own transaction would deadlock on it.
 *   Handlers run later, in the async context of their subscriber (never the publisher's).
 * - Every consumer group receives every event. Members of one group (several `subscribe` calls with the same
 *   group) share the work: keys are hashed onto lanes, each lane is owned by one member and processed
 *   sequentially, so the events of one key are handled in order. Lanes are reassigned when members join or leave.
 * - A failing handler is retried in place with exponential backoff (the lane waits, keeping order); after
 *   `maxAttempts` the event is published to `<topic>.dlq` with a `deadLetter` field and the lane moves on.
 * - A member closed while its handler is still running gets `closeGraceMs` to finish; after that its event is
 *   handed to another member of the group (at-least-once: the inbox drops the duplicate if both complete).
 *
 * Durability: this bus is in-process. Events handed to it live in memory only, so a crash loses events that were
 * published but not yet handled. The outbox guarantees delivery only up to `publish`; that is acceptable for the
 * embedded single-process mode, never for the distributed one (use `redis` or `kafka` there).
 */
export class MemoryEventBus implements EventBus {
  readonly kind = 'memory' as const;
  private readonly topics = new Map<string, TopicState>();
  private readonly maxAttempts: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly laneCount: number;
  private readonly closeGraceMs: number;
  private readonly retention: number;
  private readonly logger: BusLogger;
  private readonly subscriptions = new Set<Subscription>();
  private nextMemberId = 1;
  private closed = false;

  constructor(options: MemoryEventBusOptions = {}) {
    this.maxAttempts = options.maxAttempts ?? 5;
    this.baseDelayMs = options.baseDelayMs ?? 200;
    this.maxDelayMs = options.maxDelayMs ?? 30_000;
    this.laneCount = Math.max(1, options.lanes ?? 16);
    this.closeGraceMs = options.closeGraceMs ?? 5_000;
    this.retention = Math.max(0, options.retention ?? 10_000);
    this.logger = options.logger ?? silentLogger;
  }

  async publish(topic: string, events: EventEnvelope[]): Promise<void> {
    if (this.closed) throw new Error('MemoryEventBus is closed');
    for (const event of events) this.enqueue(topic, event);
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    if (this.closed) throw new Error('MemoryEventBus is closed');
    const group = this.group(options.topic, options.group);
    const member: Member = {
      id: this.nextMemberId++,
      handler: options.handler,
      maxAttempts: Math.max(1, options.maxAttempts ?? this.maxAttempts),
      scope: new AsyncResource('vitrina.MemoryEventBus.subscription'),
      closed: false,
    };
    group.members.push(member);
    this.assign(group);
    let closing: Promise<void> | undefined;
    const subscription: Subscription = {
      close: () => {
        closing ??= this.leave(group, member).finally(() => this.subscriptions.delete(subscription));
        return closing;
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error('MemoryEventBus is closed');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    this.closed = true;
    for (const state of this.topics.values()) {
      for (const group of state.groups.values()) {
        for (const lane of group.lanes) {
          if (lane.retryTimer) clearTimeout(lane.retryTimer);
          lane.retryTimer = undefined;
          lane.queue.length = 0;
        }
      }
    }
    this.topics.clear();
  }

  private topic(name: string): TopicState {
    let state = this.topics.get(name);
    if (!state) {
      state = { retained: [], groups: new Map() };
      this.topics.set(name, state);
    }
    return state;
  }

  private group(topic: string, name: string): Group {
    const state = this.topic(topic);
    let group = state.groups.get(name);
    if (!group) {
      group = {
        topic,
        name,
        members: [],
        lanes: Array.from({ length: this.laneCount }, (_, index) => ({ index, queue: [], scheduled: false })),
      };
      state.groups.set(name, group);
      // A new group starts from the earliest retained event, like a new Kafka group or Redis group at id 0.
      for (const event of state.retained) {
        group.lanes[partitionOf(event.key, this.laneCount)]!.queue.push({ event: structuredClone(event), attempts: 0 });
      }
    }
    return group;
  }

  private enqueue(topic: string, event: EventEnvelope): void {
    const state = this.topic(topic);
    // Copies, as with a real broker: neither the publisher nor another group's handler can change what a group sees.
    if (this.retention > 0) {
      state.retained.push(structuredClone(event));
      if (state.retained.length > this.retention) state.retained.splice(0, state.retained.length - this.retention);
    }
    const laneIndex = partitionOf(event.key, this.laneCount);
    for (const group of state.groups.values()) {
      const lane = group.lanes[laneIndex]!;
      lane.queue.push({ event: structuredClone(event), attempts: 0 });
      this.schedule(group, lane);
    }
  }

  /** Lane i belongs to the (i mod n)-th live member, in join order. */
  private assign(group: Group): void {
    const live = group.members;
    for (const lane of group.lanes) {
      lane.owner = live.length > 0 ? live[lane.index % live.length] : undefined;
      this.schedule(group, lane);
    }
  }

  /** Runs the lane on a later macrotask: never inside `publish` or `subscribe`. */
  private schedule(group: Group, lane: Lane): void {
    if (lane.scheduled || lane.running || lane.retryTimer || this.closed) return;
    if (lane.queue.length === 0 || !lane.owner) return;
    lane.scheduled = true;
    setImmediate(() => {
      lane.scheduled = false;
      this.runHead(group, lane);
    });
  }

  private runHead(group: Group, lane: Lane): void {
    if (lane.running || lane.retryTimer || this.closed) return;
    const item = lane.queue[0];
    const member = lane.owner;
    if (!item || !member || member.closed) return;
    item.attempts++;
    const promise = member.scope.runInAsyncScope(() =>
      // A handler that throws synchronously is a failed attempt like a rejected one.
      Promise.resolve().then(() => member.handler(item.event)),
    );
    const running: Running = { member, promise };
    lane.running = running;
    promise.then(
      () => this.settle(group, lane, running, item, undefined),
      (err: unknown) => this.settle(group, lane, running, item, err ?? new Error('handler rejected')),
    );
  }

  private settle(group: Group, lane: Lane, running: Running, item: Item, err: unknown): void {
    // Abandoned (its member closed and the event went to another member): the outcome no longer counts.
    if (lane.running !== running) return;
    lane.running = undefined;
    if (this.closed) return;
    if (err === undefined) {
      lane.queue.shift();
      this.schedule(group, lane);
      return;
    }
    if (item.attempts >= running.member.maxAttempts) {
      const info = deadLetterInfo(group.topic, group.name, item.attempts, err);
      this.logger.error({ err, topic: group.topic, group: group.name, eventId: item.event.id, attempts: item.attempts }, 'event handler kept failing; event dead-lettered');
      lane.queue.shift();
      this.enqueue(deadLetterTopic(group.topic), withDeadLetter(item.event, info));
      this.schedule(group, lane);
      return;
    }
    const delay = backoffDelay(item.attempts, this.baseDelayMs, this.maxDelayMs);
    this.logger.warn({ err, topic: group.topic, group: group.name, eventId: item.event.id, attempt: item.attempts, delayMs: delay }, 'event handler failed; retrying');
    lane.retryTimer = setTimeout(() => {
      lane.retryTimer = undefined;
      this.runHead(group, lane);
    }, delay);
  }

  private async leave(group: Group, member: Member): Promise<void> {
    if (member.closed) return;
    member.closed = true;
    const at = group.members.indexOf(member);
    if (at >= 0) group.members.splice(at, 1);
    // Hand the lanes to the remaining members; a lane still running this member's handler waits for it...
    this.assign(group);
    const mine = group.lanes.filter((lane) => lane.running?.member === member);
    if (mine.length === 0) return;
    const finished = await settledWithin(
      mine.map((lane) => lane.running!.promise),
      this.closeGraceMs,
    );
    if (finished) return;
    // ...for at most closeGraceMs: then its event is redelivered to the lane's new owner.
    for (const lane of mine) {
      if (lane.running?.member !== member) continue;
      const item = lane.queue[0];
      if (item) item.attempts = Math.max(0, item.attempts - 1); // abandoned, not failed
      lane.running = undefined;
      this.logger.warn({ topic: group.topic, group: group.name, eventId: item?.event.id }, 'subscription closed with a handler still running; event redelivered to another member');
      this.schedule(group, lane);
    }
  }
}
