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
  reportFailure,
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
  /**
   * Hold every settlement (see `publishTracked`) until `groupsJoined()` is called. Embedded mode starts its services
   * one after another while the first ones' outbox relays already publish: a group that has not subscribed yet
   * (messaging, while accounts replays its outbox at start) must still be waited for. Default false: the groups
   * subscribed at any moment are all there are (tests, tools).
   */
  awaitGroups?: boolean;
  logger?: BusLogger;
}

/**
 * What `publishTracked` returns per event: resolves once every consumer group of the topic has settled the event,
 * that is its handler resolved (for a BusTransport consumer: its inbox transaction committed, or the inbox found the
 * event already applied) or the event was dead-lettered for that group. Never rejects; never resolves when the bus
 * closes first.
 */
export type Settlement = Promise<void>;

/** A bus that reports when an event has been settled by every consumer group (the memory bus). */
export interface SettlementTrackingBus {
  publishTracked(topic: string, events: EventEnvelope[]): Promise<Settlement[]>;
}

export function tracksSettlement(bus: unknown): bus is SettlementTrackingBus {
  return typeof (bus as Partial<SettlementTrackingBus> | null)?.publishTracked === 'function';
}

interface Item {
  event: EventEnvelope;
  attempts: number;
}

interface Member {
  readonly id: number;
  readonly handler: EventHandler;
  readonly maxAttempts: number;
  readonly onFailure?: SubscribeOptions['onFailure'];
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

/** An event published with `publishTracked`, until every group settled it. */
interface Tracker {
  /** Groups that have not settled it yet. */
  readonly pending: Set<string>;
  readonly settlement: Settlement;
  readonly resolve: () => void;
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
 * Durability: events handed to this bus live in this process's memory only. What makes embedded mode lose nothing
 * across a crash is the outbox, which stays the durable log until the consumers are done: the relay publishes with
 * `publishTracked` and marks a row published only when its settlement resolves, i.e. once every consumer group of
 * the topic has committed the event through its inbox (or dead-lettered it). A row handed over but not settled when
 * the process dies is published again at the next start; groups that had already committed it find it in their
 * inbox and change nothing. The consumer groups to wait for are those subscribed to the topic when the event is
 * published, plus any group that subscribes while it is still unsettled (it receives the retained copy); with
 * `awaitGroups` nothing settles before `groupsJoined()`, so a service that starts after the relay of another has
 * replayed its outbox is waited for too. Dead-letter copies on `<topic>.dlq` are not tracked and do not survive a
 * crash. Distributed mode uses `redis` or `kafka`, whose brokers keep events durably.
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
  private readonly trackers = new Map<string, Tracker>();
  private awaitingGroups: boolean;
  private nextMemberId = 1;
  private closed = false;

  constructor(options: MemoryEventBusOptions = {}) {
    this.maxAttempts = options.maxAttempts ?? 5;
    this.baseDelayMs = options.baseDelayMs ?? 200;
    this.maxDelayMs = options.maxDelayMs ?? 30_000;
    this.laneCount = Math.max(1, options.lanes ?? 16);
    this.closeGraceMs = options.closeGraceMs ?? 5_000;
    this.retention = Math.max(0, options.retention ?? 10_000);
    this.awaitingGroups = options.awaitGroups ?? false;
    this.logger = options.logger ?? silentLogger;
  }

  async publish(topic: string, events: EventEnvelope[]): Promise<void> {
    if (this.closed) throw new Error('MemoryEventBus is closed');
    for (const event of events) this.enqueue(topic, event);
  }

  /**
   * `publish`, plus one settlement per event (see `Settlement`). Publishing again an event that is still unsettled
   * (same topic and id) enqueues nothing and returns the same settlement: a relay that re-reads a row it already
   * handed over does not make every group handle it twice.
   */
  async publishTracked(topic: string, events: EventEnvelope[]): Promise<Settlement[]> {
    if (this.closed) throw new Error('MemoryEventBus is closed');
    return events.map((event) => {
      const id = trackingId(topic, event.id);
      const existing = this.trackers.get(id);
      if (existing) return existing.settlement;
      let resolve!: () => void;
      const settlement = new Promise<void>((r) => (resolve = r));
      const tracker: Tracker = { pending: new Set(this.topic(topic).groups.keys()), settlement, resolve };
      this.trackers.set(id, tracker);
      this.enqueue(topic, event);
      this.settleIfDone(id, tracker);
      return settlement;
    });
  }

  /**
   * Every consumer group of this process has subscribed (embedded mode: every service has started): settlements held
   * by `awaitGroups` may now resolve. Groups subscribing later are still waited for by the events they receive while
   * those are unsettled.
   */
  groupsJoined(): void {
    if (!this.awaitingGroups) return;
    this.awaitingGroups = false;
    for (const [id, tracker] of this.trackers) this.settleIfDone(id, tracker);
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    if (this.closed) throw new Error('MemoryEventBus is closed');
    const group = this.group(options.topic, options.group);
    const member: Member = {
      id: this.nextMemberId++,
      handler: options.handler,
      maxAttempts: Math.max(1, options.maxAttempts ?? this.maxAttempts),
      onFailure: options.onFailure,
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
    // Unsettled events stay unsettled: their outbox rows are published again at the next start.
    this.trackers.clear();
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
      // A new group starts from the earliest retained event, like a new Kafka group or Redis group at id 0; the
      // tracked events among them that are still unsettled now wait for this group too.
      for (const event of state.retained) {
        group.lanes[partitionOf(event.key, this.laneCount)].queue.push({ event: structuredClone(event), attempts: 0 });
        this.trackers.get(trackingId(topic, event.id))?.pending.add(name);
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
      const lane = group.lanes[laneIndex];
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
      this.settledBy(group, item.event.id);
      this.schedule(group, lane);
      return;
    }
    if (item.attempts >= running.member.maxAttempts) {
      const info = deadLetterInfo(group.topic, group.name, item.attempts, err);
      this.logger.error(
        { err, topic: group.topic, group: group.name, eventId: item.event.id, attempts: item.attempts },
        'event handler kept failing; event dead-lettered',
      );
      lane.queue.shift();
      this.enqueue(deadLetterTopic(group.topic), withDeadLetter(item.event, info));
      reportFailure(running.member.onFailure, item.attempts, true);
      this.settledBy(group, item.event.id);
      this.schedule(group, lane);
      return;
    }
    reportFailure(running.member.onFailure, item.attempts, false);
    const delay = backoffDelay(item.attempts, this.baseDelayMs, this.maxDelayMs);
    this.logger.warn(
      { err, topic: group.topic, group: group.name, eventId: item.event.id, attempt: item.attempts, delayMs: delay },
      'event handler failed; retrying',
    );
    lane.retryTimer = setTimeout(() => {
      lane.retryTimer = undefined;
      this.runHead(group, lane);
    }, delay);
  }

  /** `group` has handled (or dead-lettered) event `eventId` of its topic. */
  private settledBy(group: Group, eventId: string): void {
    const id = trackingId(group.topic, eventId);
    const tracker = this.trackers.get(id);
    if (!tracker) return;
    tracker.pending.delete(group.name);
    this.settleIfDone(id, tracker);
  }

  private settleIfDone(id: string, tracker: Tracker): void {
    if (tracker.pending.size > 0 || this.awaitingGroups) return;
    this.trackers.delete(id);
    tracker.resolve();
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
      this.logger.warn(
        { topic: group.topic, group: group.name, eventId: item?.event.id },
        'subscription closed with a handler still running; event redelivered to another member',
      );
      this.schedule(group, lane);
    }
  }
}

/** Settlements are per (topic, event id): a dead-lettered copy on `<topic>.dlq` keeps its id. */
function trackingId(topic: string, eventId: string): string {
  return `${topic}\u0000${eventId}`;
}
