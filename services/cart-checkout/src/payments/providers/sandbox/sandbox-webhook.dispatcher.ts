import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { DB, LOGGER, PreparedQuery, type Db } from '@vitrina/platform';
import * as schema from '../../../db/schema.js';
import { sandboxWebhooks } from '../../../db/schema.js';
import { Clock } from '../../../shared/clock.js';
import { SANDBOX_SIGNATURE_HEADER, signSandboxWebhook } from './domain/sandbox-signature.js';
import { SandboxBooks } from './sandbox.books.js';
import { SANDBOX_CONFIG, type SandboxConfig } from './sandbox.config.js';

/** Rows claimed per round, and how long one delivery may take. */
const BATCH = 10;
const SEND_TIMEOUT_MS = 5_000;
/** A claimed row is hidden from other processes for as long as its round can take (then it is due again). */
const LEASE_MS = BATCH * SEND_TIMEOUT_MS + 30_000;
/** How often the sandbox looks for vouchers and transfers past their deadline. */
const EXPIRY_SWEEP_MS = 1_000;

type WebhookRow = typeof sandboxWebhooks.$inferSelect;
const p = sql.placeholder;

/** The dispatcher's statements, run at every poll (built once: `PreparedQuery`). Times are ISO strings where raw. */
const DUE = new PreparedQuery<{ now: Date; maxTries: number }, WebhookRow[]>((db) =>
  db
    .select()
    .from(sandboxWebhooks)
    .where(
      and(
        sql`${sandboxWebhooks.deliveredAt} is null`,
        sql`${sandboxWebhooks.tries} < ${p('maxTries')}::int`,
        lte(sandboxWebhooks.dueAt, p('now')),
      ),
    )
    .orderBy(asc(sandboxWebhooks.dueAt), asc(sandboxWebhooks.id))
    .limit(BATCH)
    .for('update', { skipLocked: true }),
);
const LEASE = new PreparedQuery<{ ids: string[]; until: string }, unknown>((db) =>
  db
    .update(sandboxWebhooks)
    .set({ dueAt: sql`${p('until')}::timestamptz` })
    .where(sql`${sandboxWebhooks.id} = any(${p('ids')}::text[])`),
);
const DELIVERED = new PreparedQuery<{ id: string; at: string; tries: number }, unknown>((db) =>
  db
    .update(sandboxWebhooks)
    .set({ deliveredAt: sql`${p('at')}::timestamptz`, tries: sql`${p('tries')}::int` })
    .where(eq(sandboxWebhooks.id, p('id'))),
);
const RETRY = new PreparedQuery<{ id: string; at: string; tries: number }, unknown>((db) =>
  db
    .update(sandboxWebhooks)
    .set({ dueAt: sql`${p('at')}::timestamptz`, tries: sql`${p('tries')}::int` })
    .where(eq(sandboxWebhooks.id, p('id'))),
);

/**
 * Sends the sandbox's webhooks (issue 12), as an outside provider would: every SANDBOX_WEBHOOK_POLL_MS it claims due
 * rows (`for update skip locked`, then leased by moving their due time, so several processes never send one row at
 * once and no transaction stays open while a request is out), POSTs each signed, and on a non-2xx answer or a network
 * error tries again after 1 s, 2 s, 4 s ... up to `maxTries`. It also expires overdue vouchers and transfers, whose
 * change sends `payment.expired`.
 */
@Injectable()
export class SandboxWebhookDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private lastSweep = 0;

  constructor(
    @Inject(DB) private readonly db: Db<typeof schema>,
    private readonly books: SandboxBooks,
    private readonly clock: Clock,
    @Inject(SANDBOX_CONFIG) private readonly config: SandboxConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.webhooksEnabled) return;
    if (!this.config.webhookSecret) {
      this.logger.warn('sandbox webhooks are not sent: SANDBOX_WEBHOOK_SECRET is not set');
      return;
    }
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.round()
        .catch((err: unknown) => this.logger.warn({ err }, 'sandbox webhook round failed'))
        .finally(() => (this.running = undefined));
    }, this.config.pollMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async round(): Promise<void> {
    if (Date.now() - this.lastSweep >= EXPIRY_SWEEP_MS) {
      this.lastSweep = Date.now();
      await this.books.expireDue();
    }
    while ((await this.deliverDue()) === BATCH) {
      // a full batch: more may be due
    }
  }

  /** Claims the due webhooks and sends them in due order; answers how many were claimed. */
  async deliverDue(): Promise<number> {
    const rows = await this.claim();
    for (const row of rows) await this.send(row);
    return rows.length;
  }

  private async claim() {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const rows = await DUE.execute(tx, { now, maxTries: this.config.maxTries });
      if (rows.length > 0) {
        await LEASE.execute(tx, { ids: rows.map((r) => r.id), until: new Date(now.getTime() + LEASE_MS).toISOString() });
      }
      return rows;
    });
  }

  private async send(row: WebhookRow): Promise<void> {
    const secret = this.config.webhookSecret;
    if (!secret) return;
    const body = JSON.stringify(row.payload);
    const t = Math.floor(this.clock.now().getTime() / 1000);
    let failure: string | undefined;
    try {
      const res = await fetch(this.config.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(body, secret, t) },
        body,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) failure = `answered ${res.status}`;
    } catch (err) {
      failure = err instanceof Error ? err.message : String(err);
    }
    const now = this.clock.now();
    const tries = row.tries + 1;
    if (!failure) {
      await DELIVERED.execute(this.db, { id: row.id, at: now.toISOString(), tries });
      return;
    }
    const retryAt = new Date(now.getTime() + this.config.retryBaseMs * 2 ** (tries - 1));
    await RETRY.execute(this.db, { id: row.id, at: retryAt.toISOString(), tries });
    const log = { eventId: row.eventId, tries, url: this.config.webhookUrl, failure };
    if (tries >= this.config.maxTries) this.logger.warn(log, 'sandbox webhook given up');
    else this.logger.debug(log, 'sandbox webhook not delivered: retrying');
  }
}
