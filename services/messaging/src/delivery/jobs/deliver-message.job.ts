import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { asc, eq, isNull, sql, type Placeholder } from 'drizzle-orm';
import { DELIVERY_JOB_ATTEMPTS, DELIVERY_JOB_BACKOFF_MS } from '@vitrina/contracts';
import {
  DB,
  JOB_QUEUE,
  LOGGER,
  PreparedQuery,
  TransactionRunner,
  type Db,
  type JobContext,
  type JobQueue,
  type Logger,
  type Tx,
} from '@vitrina/platform';
import { deliveries } from '../../db/schema.js';
import type * as schema from '../../db/schema.js';
import { EmailSender, PermanentDeliveryError, SmsSender } from '../providers/delivery-provider.js';

export const DELIVER_MESSAGE_JOB = 'messaging.deliver-message';

export interface DeliverMessageData {
  deliveryId: string;
}

const POLL_MS = 2_000;

/**
 * The oldest deliveries not yet queued, in the order they were written: the partial index `deliveries_pending_idx`
 * holds only those, already in created_at order, so the read stops at `limit` entries without a sort.
 */
export function pendingDeliveries(db: Db | Tx, limit: number | Placeholder) {
  return db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(isNull(deliveries.enqueuedAt))
    .orderBy(asc(deliveries.createdAt))
    .limit(limit);
}

const p = sql.placeholder;

/** Every delivery's statements, built once (`PreparedQuery`); times are ISO strings where the SET takes them raw. */
const PENDING = new PreparedQuery<{ limit: number }, Array<{ id: string }>>((db) => pendingDeliveries(db, p('limit')));
const MARK_QUEUED = new PreparedQuery<{ ids: string[]; at: string }, unknown>((db) =>
  db
    .update(deliveries)
    .set({ enqueuedAt: sql`${p('at')}::timestamptz` })
    .where(sql`${deliveries.id} = any(${p('ids')}::text[])`),
);
const DELIVERY = new PreparedQuery<{ id: string }, Array<typeof deliveries.$inferSelect>>((db) =>
  db
    .select()
    .from(deliveries)
    .where(eq(deliveries.id, p('id')))
    .limit(1),
);
const SENT = new PreparedQuery<{ id: string; provider: string; messageId: string | null; attempts: number; at: string }, unknown>((db) =>
  db
    .update(deliveries)
    .set({
      status: 'sent',
      provider: sql`${p('provider')}::text`,
      providerMessageId: sql`${p('messageId')}::text`,
      attempts: sql`${p('attempts')}::int`,
      sentAt: sql`${p('at')}::timestamptz`,
      lastError: null,
    })
    .where(eq(deliveries.id, p('id'))),
);

/** The `TransactionRunner.mark` of a transaction that wrote delivery rows: its commit wakes the dispatcher. */
export const DELIVERIES_WRITTEN = 'messaging.deliveries';

/**
 * Queues and runs deliveries. The consumer writes the delivery row in its inbox transaction; after that commits,
 * the dispatcher adds one job per row with jobId = the event id (so a redelivered event, or a second dispatcher,
 * adds nothing) and explicit attempts and backoff. The processor sends once: a row already `sent` is skipped.
 * Queuing after the commit (never inside the consumer's transaction) means a job never runs before its row exists,
 * and a crash between commit and queueing is healed by the poll. A writer of delivery rows marks its transaction
 * (`DELIVERIES_WRITTEN`) so that its commit wakes the dispatcher at once; an unmarked one waits for the poll.
 */
@Injectable()
export class DeliverMessageJob implements OnModuleInit, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running = false;
  private again = false;
  private stopped = false;

  constructor(
    @Inject(DB) private readonly db: Db<typeof schema>,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly tx: TransactionRunner,
    private readonly email: EmailSender,
    private readonly sms: SmsSender,
  ) {}

  onModuleInit(): void {
    this.jobs.process<DeliverMessageData>(DELIVER_MESSAGE_JOB, (data, ctx) => this.deliver(data.deliveryId, ctx), { concurrency: 4 });
    // Only commits that wrote deliveries (the writers mark them): every other commit of the service (a message, an
    // alert without e-mail, a heartbeat) used to send the dispatcher to look for none, one more statement each.
    this.tx.onCommit(({ marks }) => {
      if (marks.has(DELIVERIES_WRITTEN)) this.kick();
    });
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
    this.kick();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([this.email.close(), this.sms.close()]);
  }

  /** Queues the deliveries not queued yet; concurrent wake-ups coalesce. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void (async () => {
      try {
        do {
          this.again = false;
          await this.dispatch();
        } while (this.again && !this.stopped);
      } catch (err) {
        this.logger.error({ err }, 'queuing deliveries failed; will retry');
      } finally {
        this.running = false;
      }
    })();
  }

  private async dispatch(): Promise<void> {
    const pending = await PENDING.execute(this.db, { limit: 100 });
    // marked queued together after their jobs are added, by id alone (the pending index, full of dead entries
    // between two vacuums, is no way to find one row). A crash between the two re-adds them at the next start: the
    // job id is the delivery's, and a delivery already sent is not sent again (deliver).
    const queued: string[] = [];
    try {
      for (const { id } of pending) {
        if (this.stopped) return;
        await this.jobs.add<DeliverMessageData>(
          DELIVER_MESSAGE_JOB,
          { deliveryId: id },
          { jobId: id, attempts: DELIVERY_JOB_ATTEMPTS, backoffMs: DELIVERY_JOB_BACKOFF_MS },
        );
        queued.push(id);
      }
    } finally {
      if (queued.length > 0) {
        await MARK_QUEUED.execute(this.db, { ids: queued, at: new Date().toISOString() });
      }
    }
    if (pending.length === 100) this.again = true;
  }

  /** One attempt. Throwing makes the queue retry with backoff; a permanent refusal ends the job. */
  async deliver(deliveryId: string, ctx: JobContext): Promise<void> {
    const [row] = await DELIVERY.execute(this.db, { id: deliveryId });
    if (!row) {
      this.logger.warn({ deliveryId }, 'delivery job without its delivery row; nothing to send');
      return;
    }
    if (row.status !== 'queued') return; // sent (or given up) already: a retried job sends nothing twice
    if (row.expiresAt && row.expiresAt.getTime() < Date.now()) {
      await this.db
        .update(deliveries)
        .set({ status: 'failed', attempts: ctx.attempt, lastError: 'the code expired before it could be sent' })
        .where(eq(deliveries.id, row.id));
      this.logger.warn({ deliveryId }, 'code expired before delivery; dropped');
      return;
    }
    const sender = row.channel === 'email' ? this.email : this.sms;
    try {
      const receipt = await sender.send({
        deliveryId: row.id,
        channel: row.channel,
        to: row.destination,
        subject: row.subject,
        text: row.text,
        html: row.html,
      });
      await SENT.execute(this.db, {
        id: row.id,
        provider: receipt.provider,
        messageId: receipt.messageId ?? null,
        attempts: ctx.attempt,
        at: new Date().toISOString(),
      });
      this.logger.info({ deliveryId, channel: row.channel, provider: receipt.provider }, 'message delivered');
    } catch (err) {
      const permanent = err instanceof PermanentDeliveryError;
      const last = permanent || ctx.attempt >= DELIVERY_JOB_ATTEMPTS;
      await this.db
        .update(deliveries)
        .set({
          attempts: ctx.attempt,
          lastError: String((err as Error)?.message ?? err).slice(0, 500),
          ...(last ? { status: 'failed' as const } : {}),
        })
        .where(eq(deliveries.id, row.id));
      if (permanent) {
        this.logger.error({ err, deliveryId, channel: row.channel }, 'message refused by the provider; not retried');
        return;
      }
      throw err;
    }
  }
}
