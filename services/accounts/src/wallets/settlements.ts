import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { OrderDeliveredEvent, OrderRefundedEvent } from '@vitrina/contracts';
import { TransactionRunner } from '@vitrina/platform';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, settlementRefunds, settlementReturns, settlements } from '../db/schema.js';
import type { AccountsSchema, AccountsTx } from '../db/db.js';
import { Clock } from '../shared/clock.js';
import { clawbackParts, isPayLater, splitDispersion, sumMinor, type SplitPart, type SplitTerms } from './domain/dispersion.js';
import { CLEARING, Ledger, PLATFORM, userAccount, type PostingEntry } from './ledger.js';
import { WALLETS_CONFIG, type WalletsConfig } from './wallets-config.js';
import { MembershipsService } from '../memberships/memberships.service.js';

export type SettlementRow = typeof settlements.$inferSelect;

/** Rows settled per transaction by the sweep. */
export const SWEEP_BATCH = 200;

/**
 * Settlement of delivered orders (issue 14 'Dispersion and wallets'). The order's events (delivered, return opened and
 * closed, refunded) are recorded as upserts that do not depend on their order or on duplicates; an order is due once
 * it is delivered, has no open return and either its return deadline passed or a return of it closed. Settling posts
 * one dispersion (unique (dispersion, order id)) and sets `settled_at` under the row's lock; a refund that arrives
 * after that posts a claw-back, so the final balances are the split of everything refunded whatever the order.
 */
@Injectable()
export class Settlements {
  constructor(
    private readonly tx: TransactionRunner<AccountsSchema>,
    private readonly ledger: Ledger,
    private readonly clock: Clock,
    @Inject(WALLETS_CONFIG) private readonly config: WalletsConfig,
    private readonly memberships: MembershipsService,
  ) {}

  /**
   * The reseller's commission rate (ppm of the margin) for a settlement: their plan's when the order was delivered
   * (issue 16), or the configured base rate for rows recorded before plans existed.
   */
  commissionRateOf(row: { commissionPpm?: number | null }): number {
    return row.commissionPpm ?? this.config.commissionPpm;
  }

  /** `orders.order.delivered`: keeps the terms (the first delivery wins). Answers the due date. */
  async recordDelivered(tx: AccountsTx, e: OrderDeliveredEvent): Promise<Date> {
    const t = e.settlement;
    const dueAt = new Date(e.returnDeadline);
    // The rate is the reseller's plan's at delivery: a plan bought or lapsed later does not change a sale already made.
    const commissionPpm = t.resellerId ? (await this.memberships.rateOf(t.resellerId, tx)).ppm : null;
    await tx
      .insert(settlements)
      .values({
        orderId: e.orderId,
        customerId: e.userId,
        currency: t.currency.toUpperCase(),
        capturedMinor: t.capturedMinor,
        goodsMinor: t.goodsMinor,
        shippingMinor: t.shippingMinor,
        financingMinor: t.financingMinor,
        marginMinor: t.marginMinor,
        supplierId: t.supplierId,
        dssupplierId: t.dssupplierId,
        resellerId: t.resellerId,
        shipperId: t.shipperId,
        commissionPpm,
        dueAt,
        createdAt: this.clock.now(),
      })
      .onConflictDoNothing({ target: settlements.orderId });
    return dueAt;
  }

  async recordReturnOpened(tx: AccountsTx, orderId: string, returnId: string): Promise<void> {
    await tx
      .insert(settlementReturns)
      .values({ returnId, orderId, closedAt: null })
      .onConflictDoNothing({ target: settlementReturns.returnId });
  }

  /** A close that arrives before its open is kept as closed; the later open changes nothing. */
  async recordReturnClosed(tx: AccountsTx, orderId: string, returnId: string, closedAt: Date): Promise<void> {
    await tx
      .insert(settlementReturns)
      .values({ returnId, orderId, closedAt })
      .onConflictDoUpdate({
        target: settlementReturns.returnId,
        set: { closedAt: sql`coalesce(${settlementReturns.closedAt}, excluded.closed_at)` },
      });
  }

  /**
   * `orders.order.refunded`: recorded once per refund id. Wallet credit goes to the customer at once; when the order
   * already settled, the refund claws back. All under the settlement row's lock, so a refund cannot slip between a
   * settlement's read of the refunds and its commit.
   */
  async recordRefund(tx: AccountsTx, e: OrderRefundedEvent): Promise<void> {
    const at = this.clock.now();
    // The settlement row first, before any ledger account: a sweep holds settlement rows, then accounts.
    const [row] = await tx.select().from(settlements).where(eq(settlements.orderId, e.orderId)).for('update');
    const took = await tx
      .insert(settlementRefunds)
      .values({
        refundId: e.refundId,
        orderId: e.orderId,
        customerId: e.userId,
        amountMinor: e.amountMinor,
        currency: e.currency.toUpperCase(),
        destination: e.destination === 'wallet' ? 'wallet' : 'original',
        refundedAt: new Date(e.refundedAt),
      })
      .onConflictDoNothing({ target: settlementRefunds.refundId })
      .returning({ id: settlementRefunds.refundId });
    if (took.length === 0) return;
    if (e.destination === 'wallet' && e.amountMinor > 0) {
      await this.ledger.post(tx, {
        kind: 'refund_credit',
        ref: e.refundId,
        orderId: e.orderId,
        currency: e.currency,
        at,
        entries: [
          { account: CLEARING, part: 'customer', amountMinor: -e.amountMinor },
          { account: userAccount(e.userId), part: 'customer', amountMinor: e.amountMinor },
        ],
      });
    }
    if (!row?.settledAt || isPayLater(row)) return;
    const target = this.split(row, await this.refundedOf(tx, row.orderId));
    const parts = clawbackParts(target, await this.postedOf(tx, row.orderId));
    if (parts.length === 0) return;
    await this.ledger.post(tx, {
      kind: 'clawback',
      ref: e.refundId,
      orderId: row.orderId,
      currency: row.currency,
      at,
      entries: entriesOf(parts),
    });
  }

  /** Settles one order if it is due and not settled (the job's work); false when not (yet) or already. */
  async settleOne(orderId: string): Promise<boolean> {
    return this.tx.run(async (tx) => {
      const now = this.clock.now();
      const [row] = await tx
        .select()
        .from(settlements)
        .where(and(eq(settlements.orderId, orderId), dueCondition(now)))
        .for('update', { skipLocked: true });
      if (!row) return false;
      await this.settleRows(tx, [row]);
      return true;
    });
  }

  /** Whether the order is due and still unsettled (a job that found its row locked by someone else retries). */
  async isDue(orderId: string): Promise<boolean> {
    const rows = await this.tx.run((tx) =>
      tx
        .select({ id: settlements.orderId })
        .from(settlements)
        .where(and(eq(settlements.orderId, orderId), dueCondition(this.clock.now()))),
    );
    return rows.length > 0;
  }

  /** Settles every due order, SWEEP_BATCH per transaction (skip locked: instances share the work). */
  async sweep(): Promise<number> {
    let total = 0;
    for (;;) {
      let n: number;
      try {
        n = await this.tx.run(async (tx) => {
          const rows = await tx
            .select()
            .from(settlements)
            .where(dueCondition(this.clock.now()))
            .orderBy(asc(settlements.dueAt))
            .limit(SWEEP_BATCH)
            .for('update', { skipLocked: true });
          await this.settleRows(tx, rows);
          return rows.length;
        });
      } catch (err) {
        // one row that cannot settle must not hold back the others: this batch goes one order at a time, and the
        // failure is reported (the job logs it) once the rest are settled
        return total + (await this.sweepOneByOne(err));
      }
      total += n;
      if (n < SWEEP_BATCH) return total;
    }
  }

  private async sweepOneByOne(cause: unknown): Promise<number> {
    const due = await this.tx.run((tx) =>
      tx
        .select({ id: settlements.orderId })
        .from(settlements)
        .where(dueCondition(this.clock.now()))
        .orderBy(asc(settlements.dueAt))
        .limit(SWEEP_BATCH),
    );
    let settled = 0;
    const failed: string[] = [];
    for (const { id } of due) {
      try {
        if (await this.settleOne(id)) settled++;
      } catch {
        failed.push(id);
      }
    }
    if (failed.length > 0) {
      throw new Error(`${failed.length} order(s) could not settle (${failed.slice(0, 5).join(', ')}); ${settled} settled one by one`, {
        cause,
      });
    }
    return settled;
  }

  /**
   * Settles a batch of locked due rows in a few statements: their refunds in one read, then per currency one ledger
   * batch (`postMany`: the dispersions' transactions, accounts, entries and events) and one update of the rows. One
   * currency after another: every settling transaction locks a currency's clearing account before its wallets, so
   * two batches never wait on each other in a cycle.
   */
  private async settleRows(tx: AccountsTx, rows: readonly SettlementRow[]): Promise<void> {
    if (rows.length === 0) return;
    const at = this.clock.now();
    const refunded = new Map<string, number>();
    const sums = await tx
      .select({ orderId: settlementRefunds.orderId, total: sql<string>`sum(${settlementRefunds.amountMinor})` })
      .from(settlementRefunds)
      .where(
        inArray(
          settlementRefunds.orderId,
          rows.map((r) => r.orderId),
        ),
      )
      .groupBy(settlementRefunds.orderId);
    for (const r of sums) refunded.set(r.orderId, Number(r.total));
    const byCurrency = new Map<string, SettlementRow[]>();
    for (const row of rows) {
      const list = byCurrency.get(row.currency) ?? [];
      list.push(row);
      byCurrency.set(row.currency, list);
    }
    for (const currency of [...byCurrency.keys()].sort()) {
      const group = byCurrency.get(currency)!;
      const paying = group.filter((row) => !isPayLater(row));
      const ids = await this.ledger.postMany(
        tx,
        paying.map((row) => ({
          kind: 'dispersion' as const,
          ref: row.orderId,
          orderId: row.orderId,
          currency: row.currency,
          at,
          entries: entriesOf(this.split(row, refunded.get(row.orderId) ?? 0)),
        })),
      );
      const transactionOf = new Map(paying.map((row, i) => [row.orderId, ids[i] ?? null]));
      const settled = group.map((r) => ({ oid: r.orderId, tid: transactionOf.get(r.orderId) ?? null }));
      await tx.execute(sql`update ${settlements} s
        set settled_at = ${at.toISOString()}::timestamptz, dispersion_transaction_id = v.tid
        from jsonb_to_recordset(${JSON.stringify(settled)}::jsonb) as v(oid text, tid text)
        where s.order_id = v.oid and s.settled_at is null`);
    }
  }

  split(row: SplitTerms & { commissionPpm?: number | null }, refundedMinor: number): SplitPart[] {
    return splitDispersion(row, refundedMinor, {
      commissionPpm: this.commissionRateOf(row),
      platformFeeBps: this.config.platformFeeBps,
    });
  }

  private async refundedOf(tx: AccountsTx, orderId: string): Promise<number> {
    const [r] = await tx
      .select({ total: sql<string>`coalesce(sum(${settlementRefunds.amountMinor}), 0)` })
      .from(settlementRefunds)
      .where(eq(settlementRefunds.orderId, orderId));
    return Number(r?.total ?? 0);
  }

  /** What the order's dispersion and claw-backs gave each (user, part), the clearing account left out. */
  private async postedOf(tx: AccountsTx, orderId: string): Promise<SplitPart[]> {
    const rows = await tx
      .select({
        kind: ledgerAccounts.kind,
        userId: ledgerAccounts.userId,
        part: ledgerEntries.part,
        amount: sql<string>`sum(${ledgerEntries.amountMinor})`,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(and(eq(ledgerTransactions.orderId, orderId), inArray(ledgerTransactions.kind, ['dispersion', 'clawback'])))
      .groupBy(ledgerAccounts.kind, ledgerAccounts.userId, ledgerEntries.part);
    return rows
      .filter((r) => r.kind !== 'clearing' && r.part)
      .map((r) => ({ part: r.part!, userId: r.kind === 'platform' ? null : r.userId, amountMinor: Number(r.amount) }));
  }
}

/** The parties' entries plus the clearing account's opposite. */
function entriesOf(parts: readonly SplitPart[]): PostingEntry[] {
  const entries: PostingEntry[] = parts.map((p) => ({
    account: p.userId === null ? PLATFORM : userAccount(p.userId),
    part: p.part,
    amountMinor: p.amountMinor,
  }));
  const total = sumMinor(parts);
  if (total !== 0) entries.unshift({ account: CLEARING, part: null, amountMinor: -total });
  return entries;
}

/**
 * Due: not settled, no open return, and the deadline passed or a return closed. Served by the partial index on
 * unsettled rows by due date and the returns' order index.
 */
function dueCondition(now: Date) {
  return sql`${settlements.settledAt} is null
    and not exists (select 1 from ${settlementReturns} r where r.order_id = ${settlements.orderId} and r.closed_at is null)
    and (${settlements.dueAt} <= ${now.toISOString()}::timestamptz
      or exists (select 1 from ${settlementReturns} r where r.order_id = ${settlements.orderId} and r.closed_at is not null))`;
}
