import { createHash, randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, lte, sql, type Placeholder } from 'drizzle-orm';
import { PaymentLimits } from '@vitrina/contracts';
import { DB, newId, PreparedQuery, type Db, type Tx } from '@vitrina/platform';
import * as schema from '../../../db/schema.js';
import { sandboxCardTokens, sandboxPayments, sandboxWebhooks } from '../../../db/schema.js';
import { Clock } from '../../../shared/clock.js';
import { ProviderRequestError, type StartPaymentRequest } from '../../domain/payment-provider.js';
import type { TokenisedCard } from './domain/sandbox-cards.js';
import {
  decideCard,
  fail,
  paymentToJson,
  paymentView,
  sandboxId,
  succeed,
  type PaymentPatch,
  type SandboxPaymentRecord,
  type SandboxTokenRecord,
  type SandboxWebhookPayload,
} from './domain/sandbox-payment.js';
import { newClabe, newVoucherReference } from './domain/sandbox-references.js';
import { SANDBOX_CONFIG, type SandboxConfig } from './sandbox.config.js';

type Schema = typeof schema;
type Conn = Db<Schema> | Tx<Schema>;
type NewPayment = typeof sandboxPayments.$inferInsert;

/**
 * Whether a card token already paid: one row is enough. Read on every card payment, so by its own index
 * (`sandbox_payments_card_token_idx`): without it a new token, which matches nothing, read every payment the sandbox
 * ever made.
 */
export function paymentsWithToken(db: Db | Tx, tokenId: string | Placeholder) {
  return db.select({ id: sandboxPayments.id }).from(sandboxPayments).where(eq(sandboxPayments.cardToken, tokenId)).limit(1);
}

/**
 * Vouchers and transfers past their deadline (the expiry sweep, every second in every process): by the partial index
 * of the payments still processing (`sandbox_payments_expiry_idx`), whose predicate is written as the index's, not as
 * a parameter, so every plan of the prepared statement can use it.
 */
export function duePayments(db: Db | Tx, now: Date, limit: number) {
  return db
    .select()
    .from(sandboxPayments)
    .where(and(sql`${sandboxPayments.status} = 'processing'`, lte(sandboxPayments.expiresAt, now)))
    .limit(limit);
}

const p = sql.placeholder;

/** The statements of every card payment, built once (`PreparedQuery`). */
const USED_TOKEN = new PreparedQuery<{ token: string }, Array<{ id: string }>>((db) => paymentsWithToken(db, p('token')));
const TOKEN_BY_ID = new PreparedQuery<{ id: string }, SandboxTokenRecord[]>((db) =>
  db
    .select()
    .from(sandboxCardTokens)
    .where(eq(sandboxCardTokens.id, p('id'))),
);
const TOKEN_BY_ID_LOCKED = new PreparedQuery<{ id: string }, SandboxTokenRecord[]>((db) =>
  db
    .select()
    .from(sandboxCardTokens)
    .where(eq(sandboxCardTokens.id, p('id')))
    .for('update'),
);
const PAYMENT_BY_KEY = new PreparedQuery<{ key: string }, SandboxPaymentRecord[]>((db) =>
  db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.idempotencyKey, p('key'))),
);
const INSERT_WEBHOOK = new PreparedQuery<{ id: string; eventId: string; payload: SandboxWebhookPayload; dueAt: Date }, unknown>((db) =>
  db.insert(sandboxWebhooks).values({ id: p('id'), eventId: p('eventId'), payload: p('payload'), dueAt: p('dueAt') }),
);

/** A payment and its card token, as read or changed. */
export interface SandboxEntry {
  row: SandboxPaymentRecord;
  token?: SandboxTokenRecord;
}

/** How many times a start draws a new voucher reference / CLABE when the drawn one is taken (1 in 10^11 each). */
const REFERENCE_DRAWS = 5;

/**
 * The sandbox provider's books (sandbox_card_tokens, sandbox_payments, sandbox_webhooks): the state an outside
 * provider would keep on its side. Every change of a payment's state writes its webhook row in the same transaction,
 * so a webhook is sent for every change and for nothing else. These transactions are the sandbox's own, never the
 * caller's (a provider does not join our transactions), so the port must be called outside one.
 */
@Injectable()
export class SandboxBooks {
  constructor(
    @Inject(DB) private readonly db: Db<Schema>,
    private readonly clock: Clock,
    @Inject(SANDBOX_CONFIG) private readonly config: SandboxConfig,
  ) {}

  async createToken(card: TokenisedCard): Promise<SandboxTokenRecord> {
    const [token] = await this.db
      .insert(sandboxCardTokens)
      .values({ id: sandboxId('tok'), ...card, createdAt: this.clock.now() })
      .returning();
    return token;
  }

  async find(id: string): Promise<SandboxEntry | undefined> {
    if (id.length > 64) return undefined;
    const [row] = await this.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
    return row ? { row, token: await this.tokenOf(this.db, row) } : undefined;
  }

  /** A cash voucher by its store reference, or a transfer by its CLABE. */
  async findByReference(method: 'cash' | 'spei', reference: string): Promise<SandboxEntry | undefined> {
    if (!/^\d{1,30}$/.test(reference)) return undefined;
    const [row] = await this.db
      .select()
      .from(sandboxPayments)
      .where(and(eq(sandboxPayments.reference, reference), eq(sandboxPayments.method, method)));
    return row ? { row } : undefined;
  }

  /**
   * Creates the payment for an idempotency key, or answers the one stored for it. Concurrent calls with one key
   * insert once (`on conflict do nothing`, then read what the winner wrote); a card token is locked while it is
   * judged, so a single-use token pays once whatever the keys.
   */
  async start(request: StartPaymentRequest): Promise<SandboxEntry> {
    if (!Number.isInteger(request.amountMinor) || request.amountMinor <= 0) {
      throw new ProviderRequestError('The amount must be a positive integer of minor units', 'invalid_amount');
    }
    const stored = await this.findByKey(this.db, request.idempotencyKey);
    if (stored) return stored;
    for (let draw = 0; draw < REFERENCE_DRAWS; draw++) {
      const entry = await this.db.transaction(async (tx) => this.insertPayment(tx, request));
      if (entry) return entry;
    }
    throw new ProviderRequestError('No free payment reference could be drawn', 'reference_unavailable');
  }

  /** One insert attempt; undefined when the drawn reference was taken (the caller draws again). */
  private async insertPayment(tx: Tx<Schema>, request: StartPaymentRequest): Promise<SandboxEntry | undefined> {
    const now = this.clock.now();
    const values: NewPayment = {
      id: sandboxId('pay'),
      idempotencyKey: request.idempotencyKey,
      attemptId: request.attemptId,
      method: request.method,
      status: 'processing',
      amountMinor: request.amountMinor,
      currency: request.currency,
      instalments: null,
      returnUrl: request.returnUrl,
      cancelUrl: request.cancelUrl,
      createdAt: now,
      updatedAt: now,
    };
    let token: SandboxTokenRecord | undefined;
    let saveToken = false;
    switch (request.method) {
      case 'card': {
        const source = request.card?.source;
        if (source && source.length <= 64) {
          [token] = await TOKEN_BY_ID_LOCKED.execute(tx, { id: source });
        }
        const used = token !== undefined && (await USED_TOKEN.execute(tx, { token: token.id })).length > 0;
        const instalments = request.card?.instalments ?? null;
        const decision = decideCard(token, used, instalments, request.card?.save ?? false);
        // only a token the sandbox issued is kept: a source that is not one is never written (it could be a number)
        values.cardToken = token?.id ?? null;
        values.instalments = instalments;
        if (decision.status === 'failed') Object.assign(values, fail(decision.failure));
        else {
          values.status = decision.status;
          if (decision.status === 'succeeded') Object.assign(values, succeed({ chargeId: null, charges: 0 }));
          saveToken = decision.save && token !== undefined && !token.reusable;
        }
        break;
      }
      case 'paypal':
      case 'mobbex':
      case 'aplazo':
        values.status = 'requires_action';
        values.instalments = request.method === 'aplazo' ? (request.instalments ?? null) : null;
        break;
      case 'cash':
        values.reference = newVoucherReference();
        values.expiresAt = request.expiresAt ?? new Date(now.getTime() + PaymentLimits.voucherWindowSeconds * 1000);
        break;
      case 'spei':
        values.reference = newClabe();
        values.expiresAt = request.expiresAt ?? new Date(now.getTime() + PaymentLimits.bankTransferWindowSeconds * 1000);
        break;
      default: {
        const method: never = request.method;
        throw new ProviderRequestError(`The sandbox does not take ${String(method)}`, 'method_not_supported');
      }
    }
    // Any unique index: the key (a concurrent duplicate) or the reference (a drawn reference already taken).
    const [inserted] = await tx.insert(sandboxPayments).values(values).onConflictDoNothing().returning();
    if (!inserted) return this.findByKey(tx, request.idempotencyKey);
    if (saveToken && token) {
      await tx.update(sandboxCardTokens).set({ reusable: true }).where(eq(sandboxCardTokens.id, token.id));
      token = { ...token, reusable: true };
    }
    await this.emit(tx, inserted, token, now);
    return { row: inserted, token };
  }

  /**
   * Changes a payment under its row lock: `decide` sees the locked row and answers the change, or null for none.
   * A change of status writes its webhook. Undefined when there is no such payment.
   */
  async transition(id: string, decide: (row: SandboxPaymentRecord, now: Date) => PaymentPatch | null): Promise<SandboxEntry | undefined> {
    if (id.length > 64) return undefined;
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)).for('update');
      if (!row) return undefined;
      const now = this.clock.now();
      const token = await this.tokenOf(tx, row);
      const patch = decide(row, now);
      if (!patch) return { row, token };
      const [next] = await tx
        .update(sandboxPayments)
        .set({ ...patch, updatedAt: now })
        .where(eq(sandboxPayments.id, id))
        .returning();
      if (next.status !== row.status) await this.emit(tx, next, token, now);
      return { row: next, token };
    });
  }

  /**
   * Gives back up to what is left of a succeeded payment. Idempotent per key: the refund's webhook event id is derived
   * from (payment, key), so the same key finds its event and changes nothing; a fully refunded payment changes nothing.
   */
  async refund(id: string, amountMinor: number, key: string): Promise<SandboxEntry | undefined> {
    if (!Number.isInteger(amountMinor) || amountMinor <= 0) {
      throw new ProviderRequestError('The refund must be a positive integer of minor units', 'invalid_amount');
    }
    if (id.length > 64) return undefined;
    const eventId = `evt_re_${createHash('sha256').update(`${id}:${key}`).digest('hex').slice(0, 24)}`;
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)).for('update');
      if (!row) return undefined;
      const token = await this.tokenOf(tx, row);
      if (row.status !== 'succeeded')
        throw new ProviderRequestError(`A ${row.status} payment cannot be refunded`, 'payment_not_refundable');
      const [done] = await tx.select({ id: sandboxWebhooks.id }).from(sandboxWebhooks).where(eq(sandboxWebhooks.eventId, eventId)).limit(1);
      if (done || row.refundedMinor >= row.amountMinor) return { row, token };
      const now = this.clock.now();
      const refundedMinor = Math.min(row.amountMinor, row.refundedMinor + amountMinor);
      const [next] = await tx.update(sandboxPayments).set({ refundedMinor, updatedAt: now }).where(eq(sandboxPayments.id, id)).returning();
      await this.emit(tx, next, token, now, {
        id: eventId,
        type: 'charge.refunded',
        refund: { id: `re_${id}`, amount_minor: refundedMinor - row.refundedMinor, refunded_minor: refundedMinor },
      });
      return { row: next, token };
    });
  }

  /** Vouchers and transfers past their deadline become expired (with their webhook); every process may sweep. */
  async expireDue(limit = 100): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const now = this.clock.now();
      const due = await duePayments(tx, now, limit).for('update', { skipLocked: true });
      for (const row of due) {
        const [next] = await tx
          .update(sandboxPayments)
          .set({ status: 'expired', updatedAt: now })
          .where(eq(sandboxPayments.id, row.id))
          .returning();
        await this.emit(tx, next, undefined, now);
      }
      return due.map((r) => r.id);
    });
  }

  private async findByKey(conn: Conn, key: string): Promise<SandboxEntry | undefined> {
    const [row] = await PAYMENT_BY_KEY.execute(conn, { key });
    return row ? { row, token: await this.tokenOf(conn, row) } : undefined;
  }

  private async tokenOf(conn: Conn, row: SandboxPaymentRecord): Promise<SandboxTokenRecord | undefined> {
    if (!row.cardToken) return undefined;
    const [token] = await TOKEN_BY_ID.execute(conn, { id: row.cardToken });
    return token;
  }

  /**
   * Writes the webhook of a change, due now; in chaos mode due after a random delay, and sometimes twice (two rows,
   * one event id), so deliveries come late, doubled and out of order.
   */
  private async emit(
    tx: Tx<Schema>,
    row: SandboxPaymentRecord,
    token: SandboxTokenRecord | undefined,
    now: Date,
    event: { id?: string; type?: string; refund?: SandboxWebhookPayload['data']['refund'] } = {},
  ): Promise<void> {
    const payload: SandboxWebhookPayload = {
      id: event.id ?? sandboxId('evt'),
      type: event.type ?? `payment.${row.status}`,
      created: Math.floor(now.getTime() / 1000),
      data: {
        payment: paymentToJson(paymentView(row, token)),
        attempt_id: row.attemptId,
        ...(event.refund ? { refund: event.refund } : {}),
      },
    };
    const { chaos, chaosMaxDelayMs, chaosDuplicateRate } = this.config;
    const due = () => new Date(now.getTime() + (chaos ? randomInt(chaosMaxDelayMs + 1) : 0));
    const rows = [{ id: newId(), eventId: payload.id, payload, dueAt: due() }];
    if (chaos && Math.random() < chaosDuplicateRate) rows.push({ id: newId(), eventId: payload.id, payload, dueAt: due() });
    for (const row of rows) await INSERT_WEBHOOK.execute(tx, row);
  }
}
