import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  ORDERS_TOPIC,
  OrderEvents,
  ReturnEvents,
  type EventEnvelope,
  type OrderDeliveredEvent,
  type OrderRefundedEvent,
  type ReturnClosedEvent,
  type ReturnOpenedEvent,
} from '@vitrina/contracts';
import { BusEventPattern, LOGGER, TransactionRunner, type Logger } from '@vitrina/platform';
import type { AccountsSchema } from '../../db/db.js';
import { SettleOrderJob } from '../jobs/settle-order.job.js';
import { Settlements } from '../settlements.js';

const TYPES = [OrderEvents.delivered, ReturnEvents.opened, ReturnEvents.closed, ReturnEvents.refunded];

const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 200;
const isMinor = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const isDate = (v: unknown): v is string => typeof v === 'string' && !Number.isNaN(Date.parse(v));
const isCurrency = (v: unknown): v is string => typeof v === 'string' && /^[A-Za-z]{3}$/.test(v);

function validDelivered(d: OrderDeliveredEvent | undefined): d is OrderDeliveredEvent {
  const t = d?.settlement;
  return (
    !!d &&
    !!t &&
    isId(d.orderId) &&
    isId(d.userId) &&
    isDate(d.returnDeadline) &&
    isCurrency(t.currency) &&
    [t.capturedMinor, t.goodsMinor, t.shippingMinor, t.financingMinor, t.marginMinor].every(isMinor) &&
    isId(t.supplierId) &&
    isId(t.shipperId) &&
    (t.dssupplierId === null || isId(t.dssupplierId)) &&
    (t.resellerId === null || isId(t.resellerId))
  );
}

/**
 * Feeds the settlements from `orders.order` (issue 14). Each event is one upsert in the inbox transaction, written
 * so that any order of arrival and any number of duplicates end in the same rows; delivered and a closed return
 * schedule the order's `settle-order` job after the commit. An event missing what it needs is logged and dropped
 * (retrying would not fix it).
 */
@Controller()
export class OrderSettlementConsumer {
  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly tx: TransactionRunner<AccountsSchema>,
    private readonly settlements: Settlements,
    private readonly job: SettleOrderJob,
  ) {}

  /**
   * The job is queued once this handler has returned and the inbox transaction committed, never inside it: the
   * embedded job queue writes its row through its own connection, which on the single-connection embedded database
   * would wait for the very transaction that waits for it (every service stalled after the first delivery). A job
   * lost to a crash in between is the sweep's: it settles every due order anyway.
   */
  private scheduleAfterCommit(orderId: string, dueAt: Date | null, returnId?: string): void {
    // the delay is measured now, when the event arrives, not when the queue gets to it
    const delayMs = this.job.delayUntil(dueAt);
    this.tx.afterCommit(() => this.job.enqueue(orderId, delayMs, returnId));
  }

  @BusEventPattern(ORDERS_TOPIC, { types: TYPES })
  async onOrder(@Payload() event: EventEnvelope<unknown>): Promise<void> {
    switch (event.type) {
      case OrderEvents.delivered: {
        const d = event.data as OrderDeliveredEvent | undefined;
        if (!validDelivered(d)) return this.drop(event);
        const dueAt = await this.tx.run((tx) => this.settlements.recordDelivered(tx, d));
        this.scheduleAfterCommit(d.orderId, dueAt);
        return;
      }
      case ReturnEvents.opened: {
        const d = event.data as ReturnOpenedEvent | undefined;
        if (!d || !isId(d.orderId) || !isId(d.returnId)) return this.drop(event);
        await this.tx.run((tx) => this.settlements.recordReturnOpened(tx, d.orderId, d.returnId));
        return;
      }
      case ReturnEvents.closed: {
        const d = event.data as ReturnClosedEvent | undefined;
        if (!d || !isId(d.orderId) || !isId(d.returnId) || !isDate(d.closedAt)) return this.drop(event);
        await this.tx.run((tx) => this.settlements.recordReturnClosed(tx, d.orderId, d.returnId, new Date(d.closedAt)));
        this.scheduleAfterCommit(d.orderId, null, d.returnId);
        return;
      }
      case ReturnEvents.refunded: {
        const d = event.data as OrderRefundedEvent | undefined;
        if (
          !d ||
          !isId(d.orderId) ||
          !isId(d.refundId) ||
          !isId(d.userId) ||
          !isMinor(d.amountMinor) ||
          !isCurrency(d.currency) ||
          !isDate(d.refundedAt)
        ) {
          return this.drop(event);
        }
        await this.tx.run((tx) => this.settlements.recordRefund(tx, d));
        return;
      }
      default:
        return;
    }
  }

  private drop(event: EventEnvelope<unknown>): void {
    this.logger.warn({ eventId: event.id, type: event.type }, 'orders.order event without the fields settlement needs; ignored');
  }
}
