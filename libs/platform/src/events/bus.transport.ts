import { contextFromTraceparent, inSpan, SpanKind, trace, type Telemetry } from '../telemetry/tracing.js';
import type { EventEnvelope } from '@vitrina/contracts';
import { Catch, type ArgumentsHost, type RpcExceptionFilter } from '@nestjs/common';
import { BaseRpcContext, EventPattern, Server, type CustomTransportStrategy, type MessageHandler } from '@nestjs/microservices';
import { isObservable, lastValueFrom, throwError, type Observable } from 'rxjs';
import { runWithContext } from '../logging/context.js';
import type { Inbox } from '../outbox/inbox.js';
import type { EventBus, HandlerFailure, Subscription } from './event-bus.js';
import { errorMessage } from './bus-support.js';

/** Transport id of the bus: `@EventPattern('orders.order', BUS_TRANSPORT)` binds a handler to it explicitly. */
export const BUS_TRANSPORT: unique symbol = Symbol.for('vitrina.bus');

/** Per-handler options, given as `@EventPattern(topic, { maxAttempts })` extras. */
export interface BusHandlerExtras {
  /** Attempts before this handler's failures send the event to `<topic>.dlq`. */
  maxAttempts?: number;
  /**
   * The event types this handler acts on. When every handler of a topic names its types, events of other types are
   * settled at once, without the inbox transaction (three round trips per event the service would only drop).
   */
  types?: readonly string[];
  /**
   * `false`: the handler is idempotent on its own (every row it writes is keyed by the event, so a redelivery adds
   * nothing) and needs no inbox claim nor a transaction around it. An event that only such handlers of the group take
   * is handed over without the inbox (three round trips: BEGIN, claim, COMMIT); the handler's writes then commit one
   * by one, so each must be safe to repeat alone.
   */
  inbox?: boolean;
}

/** The types the topic's handlers act on, or undefined when one of them takes every event. */
function acceptedTypes(handler: MessageHandler): ReadonlySet<string> | undefined {
  const types = new Set<string>();
  for (let h: MessageHandler | undefined = handler; h; h = h.next as MessageHandler | undefined) {
    const named = (h.extras as BusHandlerExtras | undefined)?.types;
    if (!named) return undefined;
    for (const type of named) types.add(type);
  }
  return types;
}

/** Whether some handler of the chain that takes events of `type` needs the inbox (see BusHandlerExtras.inbox). */
function needsInbox(handler: MessageHandler, type: string): boolean {
  for (let h: MessageHandler | undefined = handler; h; h = h.next as MessageHandler | undefined) {
    const extras = h.extras as BusHandlerExtras | undefined;
    if ((!extras?.types || extras.types.includes(type)) && extras?.inbox !== false) return true;
  }
  return false;
}

/**
 * `@EventPattern(topic, BUS_TRANSPORT, extras)` as a plain MethodDecorator. Nest 12 types `@EventPattern('x')` so
 * that a handler's parameters after the payload must accept `unknown`; use this one when the handler also takes
 * `@Ctx() ctx: BusContext`, or to bind a handler to the bus only in an app with several transports.
 */
export function BusEventPattern(topic: string, extras: BusHandlerExtras = {}): MethodDecorator {
  return EventPattern(topic, BUS_TRANSPORT, { ...extras }) as MethodDecorator;
}

/** The `@Ctx()` of a bus event handler. */
export class BusContext extends BaseRpcContext<[event: EventEnvelope, topic: string, group: string]> {
  getEvent(): EventEnvelope {
    return this.args[0];
  }
  getTopic(): string {
    return this.args[1];
  }
  getGroup(): string {
    return this.args[2];
  }
}

/** A handler failure as the bus sees it (Nest's RPC filters can turn errors into plain `{ status, message }` objects). */
export class BusHandlerError extends Error {
  constructor(
    message: string,
    readonly original: unknown,
  ) {
    super(message, { cause: original });
    this.name = 'BusHandlerError';
  }
}

/**
 * Keeps a bus handler's original error. Without a filter of its own, Nest's RPC layer replaces any error that is not
 * an RpcException with `{ status: 'error', message: 'Internal server error' }` (and logs it); the bus still retries
 * and dead-letters, but `deadLetter.error` then says only that. Register this filter on a standalone bus
 * microservice (`app.useGlobalFilters(new BusExceptionFilter())`); in a hybrid app any global filter that rethrows
 * outside HTTP (as ApiExceptionFilter does) has the same effect.
 */
@Catch()
export class BusExceptionFilter implements RpcExceptionFilter<unknown> {
  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    return throwError(() => exception);
  }
}

export interface BusTransportOptions {
  bus: EventBus;
  /** Consumer group: the service's name. Also the inbox's consumer name. */
  group: string;
  inbox: Inbox;
  /** Default attempts before dead-lettering (the bus default otherwise); `@EventPattern` extras may override. */
  maxAttempts?: number;
  /**
   * Told of every failed handler attempt, with the adapter's decision (retry or dead-letter): the service's
   * retry and dead-letter counters (telemetry/metrics.ts).
   */
  onHandlerFailure?: (failure: HandlerFailure & { topic: string; group: string }) => void;
  /** The service's tracer: each delivery is a consumer span continuing the trace of the request that wrote the event. */
  telemetry?: Telemetry;
}

export type BusTransportStatus = 'connected' | 'disconnected';

/**
 * Nest custom transport for the event bus, so services declare consumers the Nest way:
 *
 * ```ts
 * @Controller()
 * export class ItemEvents {
 *   constructor(private readonly tx: TransactionRunner) {}
 *   @EventPattern(Topics.catalogueItem)
 *   async onItem(@Payload() event: EventEnvelope) {
 *     await this.tx.run(async (tx) => { ... });   // joins the inbox transaction
 *   }
 * }
 * // app.connectMicroservice({ strategy: new BusTransport({ bus, group: 'store', inbox }) })
 * ```
 *
 * The pattern is the topic. For each event the transport runs the Nest handler (pipes, guards, interceptors and
 * filters included) inside `inbox.process(group, event, ...)`, so a redelivered event is dropped and the handler's
 * `TransactionRunner.run` joins the transaction that records the inbox row; and inside `runWithContext` with the
 * event's id and trace id, so logs and the events it emits carry them. Handlers of one topic in several controllers
 * run together in that one transaction. A handler error propagates to the bus, which retries it with backoff and
 * finally dead-letters it; the transaction (inbox row included) rolls back each time. A delivery resolves only after
 * that transaction committed (or the inbox found the event already applied): on the memory bus this is what settles
 * the event for this group, and the producer's outbox row counts as delivered once every group settled it
 * (memory-event-bus.ts, outbox/relay.ts), so redeliveries after a crash are expected and dropped here.
 */
export class BusTransport extends Server<Record<string, never>, BusTransportStatus> implements CustomTransportStrategy {
  override readonly transportId = BUS_TRANSPORT;
  /** Handler failures must reach the bus (retries, dead-letter), not only Nest's logger. */
  override readonly propagatesEventHandlerErrors = true;
  private subscriptions: Subscription[] = [];
  private started?: Promise<void>;

  constructor(private readonly options: BusTransportOptions) {
    super();
  }

  listen(callback: (...optionalParams: unknown[]) => unknown): void {
    this.started ??= this.start();
    this.started.then(
      () => {
        this._status$.next('connected');
        callback();
      },
      (err: unknown) => callback(err),
    );
  }

  private async start(): Promise<void> {
    const { bus, group } = this.options;
    try {
      for (const [pattern, handler] of this.messageHandlers) {
        if (!handler.isEventHandler) {
          throw new Error(`BusTransport: @MessagePattern(${pattern}) is not supported: the bus carries events only (use @EventPattern)`);
        }
        if (!/^[A-Za-z0-9._-]+$/.test(pattern)) {
          throw new Error(`BusTransport: @EventPattern(${pattern}) must be a topic name such as "orders.order"`);
        }
        const extras = (handler.extras ?? {}) as BusHandlerExtras;
        const maxAttempts = extras.maxAttempts ?? this.options.maxAttempts;
        const types = acceptedTypes(handler);
        const subscription = await bus.subscribe({
          topic: pattern,
          group,
          ...(maxAttempts !== undefined ? { maxAttempts } : {}),
          ...(types ? { types: [...types] } : {}),
          ...(this.options.onHandlerFailure
            ? { onFailure: (f: HandlerFailure) => this.options.onHandlerFailure!({ ...f, topic: pattern, group }) }
            : {}),
          handler: (event) => (types && !types.has(event.type) ? Promise.resolve() : this.dispatch(pattern, handler, event)),
        });
        this.subscriptions.push(subscription);
      }
    } catch (err) {
      await this.close();
      throw err;
    }
  }

  /** One delivery: context, then inbox transaction, then the Nest handler chain. Rejects to make the bus retry. */
  private dispatch(topic: string, handler: MessageHandler, event: EventEnvelope): Promise<void> {
    const { inbox, group, telemetry } = this.options;
    const deliver = () =>
      runWithContext({ requestId: event.id, traceId: event.traceId }, async () => {
        const run = () => this.invoke(handler, event, new BusContext([event, topic, group]));
        if (needsInbox(handler, event.type)) await inbox.process(group, event, run);
        else await run();
      });
    if (!telemetry?.enabled) return deliver();
    // Child of the producing span (one trace from the request through the outbox to here), and linked to it as the
    // messaging conventions ask, since a delivery can happen long after, or more than once.
    const parent = contextFromTraceparent(event.traceparent);
    const producer = trace.getSpanContext(parent);
    return inSpan(
      telemetry.tracer,
      `process ${topic}`,
      {
        kind: SpanKind.CONSUMER,
        parent,
        links: producer ? [{ context: producer }] : [],
        attributes: {
          'messaging.destination.name': topic,
          'messaging.consumer.group.name': group,
          'messaging.message.id': event.id,
          'messaging.operation.type': 'process',
        },
      },
      deliver,
    );
  }

  private invoke(handler: MessageHandler, event: EventEnvelope, context: BusContext): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const fail = (err: unknown) => reject(err instanceof Error ? err : new BusHandlerError(errorMessage(err), err));
      const started: unknown = this.runWithProcessingHooks(context, async (runEndHook) => {
        try {
          const result: unknown = await handler(event, context);
          // Nest returns a stream when interceptors are used or when an exception filter mapped the error.
          if (isObservable(result)) await lastValueFrom(result, { defaultValue: undefined });
          resolve();
        } catch (err) {
          fail(err);
        } finally {
          runEndHook();
        }
      });
      Promise.resolve(started).catch(fail);
    });
  }

  async close(): Promise<void> {
    const subscriptions = this.subscriptions;
    this.subscriptions = [];
    await Promise.all(subscriptions.map((s) => s.close()));
    this._status$.next('disconnected');
  }

  /** The bus events are consumed from. */
  unwrap<T>(): T {
    return this.options.bus as T;
  }

  /** The bus has no transport-level events to listen to (Server requires the method). */
  on(): never {
    throw new Error('BusTransport emits no events; health is EventBus.ping()');
  }
}
