import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  RESERVATION_MAX_TTL_MS,
  ReservationEvents,
  type ReservationShortEvent,
  type ReserveLineOutcome,
  type ReserveStockRequest,
  type ReserveStockResult,
} from '@vitrina/contracts';
import { DB, LOGGER, Outbox, TransactionRunner, ValidationError, type Db, type Tx, databaseError, SqlState } from '@vitrina/platform';
import type { Logger } from 'pino';
import * as schema from '../db/schema.js';
import { items, stockReservations } from '../db/schema.js';
import { itemEvents } from '../items/events/item-events.js';
import { ITEM_OWN_COLUMNS } from '../items/item.repository.js';
import { Clock } from '../shared/clock.js';
import { commitOneItem } from './commit-one.statement.js';
import { aggregateLines, classifyLine, refusalCode, unitsLeft, type AggregatedLine, type StockState } from './domain/reservation.rules.js';

/**
 * The conditional UPDATE that holds a line's units if they are there (counted stock only: on-demand and untracked
 * stock hold nothing), else changes nothing; it answers the item's stock as left.
 */
function takeStatement(line: AggregatedLine, now: Date) {
  const q = line.quantity;
  return sql`update ${items}
    set reserved = ${items.reserved} + case when ${items.stockType} = 'ondemand' or ${items.available} is null then 0 else ${q}::int end
    where ${items.id} = ${line.itemId}
      and ${items.deletedAt} is null
      and ${items.listState} = 'published'
      and not ${items.hidden}
      and not ${items.soldOut}
      and (${items.type} <> 'experience' or ${items.experienceDate} is null or ${items.experienceDate} > ${now.toISOString()}::timestamptz)
      and (${items.stockType} = 'ondemand' or ${items.available} is null or ${items.available} - ${items.reserved} >= ${q}::int)
    returning ${items.available} as available, ${items.reserved} as reserved, ${items.stockType} as stock_type`;
}

/** Thrown inside the reserve transaction to roll it back. */
class Refused extends Error {
  constructor(readonly lines: ReserveLineOutcome[]) {
    super('reservation refused');
  }
}
class AlreadyReserved extends Error {}

/** Checkouts released per sweep pass. */
const SWEEP_BATCH = 200;

const STOCK_STATE = {
  deletedAt: items.deletedAt,
  listState: items.listState,
  hidden: items.hidden,
  soldOut: items.soldOut,
  type: items.type,
  experienceDate: items.experienceDate,
  stockType: items.stockType,
  available: items.available,
  reserved: items.reserved,
};

/**
 * Stock held by checkouts (ARCHITECTURE §8 "Stock is the catalogue's"). A reserve is one conditional UPDATE per
 * item (`available - reserved >= qty`, the CHECKs on items make an oversell impossible), all lines of a checkout in
 * one transaction, items locked in id order. Idempotent per checkout id: the (checkout_id, item_id) rows are
 * inserted first, so a concurrent identical reserve waits on them and then answers the stored outcome. A checkout of
 * one line is one statement (`reserveOne`), and so is the commit of a paid checkout held on one item (`commitOneItem`).
 * Release (expiry, cancellation, sweep) and commit (payment) act only on `held` rows, so each happens once.
 */
@Injectable()
export class StockReservations {
  constructor(
    @Inject(DB) private readonly db: Db<typeof schema>,
    private readonly tx: TransactionRunner,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async reserve(req: ReserveStockRequest): Promise<ReserveStockResult> {
    const lines = aggregateLines(req.lines);
    const now = this.clock.now();
    const expiresAt = new Date(req.expiresAt);
    const ttl = expiresAt.getTime() - now.getTime();
    if (!(ttl > 0 && ttl <= RESERVATION_MAX_TTL_MS)) {
      throw new ValidationError('expiresAt must be in the future and at most 8 days ahead', {
        expiresAt: ['must be in the future and at most 8 days ahead'],
      });
    }
    if (lines.length === 1) return this.reserveOne(req.checkoutId, req.userId, lines[0], expiresAt, now);
    try {
      return await this.tx.run(async (tx) => {
        const inserted = await tx
          .insert(stockReservations)
          .values(
            lines.map((l) => ({
              checkoutId: req.checkoutId,
              itemId: l.itemId,
              quantity: l.quantity,
              held: 0,
              userId: req.userId,
              expiresAt,
              createdAt: now,
              updatedAt: now,
            })),
          )
          .onConflictDoNothing()
          .returning({ itemId: stockReservations.itemId });
        if (inserted.length < lines.length) throw new AlreadyReserved();

        const outcomes: ReserveLineOutcome[] = [];
        for (const line of lines) {
          const taken = await this.take(tx, req.checkoutId, line, now);
          if (!taken) throw new Refused(await this.explain(tx, lines, line, now));
          outcomes.push(taken.outcome);
        }
        return { ok: true as const, lines: outcomes };
      });
    } catch (err) {
      if (err instanceof AlreadyReserved) return this.stored(req.checkoutId);
      if (err instanceof Refused) return { ok: false, code: refusalCode(err.lines) ?? 'insufficient_stock', lines: err.lines };
      throw err;
    }
  }

  /**
   * The conditional statement: holds `line.quantity` units if they are there, else changes nothing. The same statement
   * records the units held on the checkout's reservation row (counted stock only; untracked stock holds 0), so a line
   * costs one round trip.
   */
  private async take(tx: Tx, checkoutId: string, line: AggregatedLine, now: Date): Promise<{ outcome: ReserveLineOutcome } | undefined> {
    const q = line.quantity;
    const result = await tx.execute<TakenRow>(sql`
      with taken as (${takeStatement(line, now)}), marked as (
        update ${stockReservations}
        set held = ${q}::int
        where ${stockReservations.checkoutId} = ${checkoutId}
          and ${stockReservations.itemId} = ${line.itemId}
          and exists (select 1 from taken where taken.stock_type <> 'ondemand' and taken.available is not null)
      )
      select available, reserved, stock_type from taken`);
    const [row] = rowsOf<TakenRow>(result);
    if (!row) return undefined;
    const state = { available: row.available, reserved: Number(row.reserved), stockType: row.stock_type };
    return { outcome: { itemId: line.itemId, requested: q, available: unitsLeft(state) } };
  }

  /**
   * A checkout of one line (every 'Comprar ahora', most carts) in one statement, its own transaction: the conditional
   * UPDATE of the item and the reservation row with what it holds, which only a taken line gets. Two identical reserves
   * racing: the second waits on the first's item row, then its reservation row collides with the first's (the unique
   * key), which aborts its whole statement, hold included; it answers the stored outcome, as a repeated reserve does.
   */
  private async reserveOne(
    checkoutId: string,
    userId: string,
    line: AggregatedLine,
    expiresAt: Date,
    now: Date,
  ): Promise<ReserveStockResult> {
    const q = line.quantity;
    let row: TakenRow | undefined;
    try {
      const result = await this.tx.statement(
        (db) =>
          db.execute<TakenRow>(sql`
            with taken as (${takeStatement(line, now)}), kept as (
              insert into ${stockReservations} (checkout_id, item_id, quantity, held, user_id, expires_at, created_at, updated_at)
              select ${checkoutId}, ${line.itemId}, ${q}::int,
                case when taken.stock_type <> 'ondemand' and taken.available is not null then ${q}::int else 0 end,
                ${userId}, ${expiresAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
              from taken
            )
            select available, reserved, stock_type from taken`),
        { events: false },
      );
      [row] = rowsOf<TakenRow>(result);
    } catch (err) {
      if (databaseError(err, SqlState.uniqueViolation)) return this.stored(checkoutId);
      throw err;
    }
    if (row) {
      const state = { available: row.available, reserved: Number(row.reserved), stockType: row.stock_type };
      return { ok: true, lines: [{ itemId: line.itemId, requested: q, available: unitsLeft(state) }] };
    }
    // Nothing taken: a repeat of a reserve that held its units answers what it holds; anything else is refused.
    const [kept] = await this.db
      .select({ itemId: stockReservations.itemId })
      .from(stockReservations)
      .where(eq(stockReservations.checkoutId, checkoutId))
      .limit(1);
    if (kept) return this.stored(checkoutId);
    const outcomes = await this.explain(this.db, [line], line, now);
    return { ok: false, code: refusalCode(outcomes) ?? 'insufficient_stock', lines: outcomes };
  }

  /**
   * Why the reservation was refused, line by line, as the stock stands (the lines already taken in this
   * transaction are rolled back with it, so their own hold is not counted against them).
   */
  private async explain(tx: Pick<Tx, 'select'>, lines: AggregatedLine[], failed: AggregatedLine, now: Date): Promise<ReserveLineOutcome[]> {
    const ids = lines.map((l) => l.itemId);
    const states = await tx
      .select({ id: items.id, ...STOCK_STATE })
      .from(items)
      .where(inArray(items.id, ids));
    const byId = new Map(states.map((s) => [s.id, s as StockState]));
    const before = lines.slice(0, lines.indexOf(failed));
    return lines.map((l) => {
      const state = byId.get(l.itemId);
      // A line taken earlier in this transaction: count its stock as it was before (the hold rolls back).
      const own = before.includes(l) && state && state.available !== null && state.stockType !== 'ondemand' ? l.quantity : 0;
      const outcome = classifyLine(l.itemId, l.quantity, state && { ...state, reserved: state.reserved - own }, now);
      // The refused line stays refused even if a concurrent release freed stock since its statement ran.
      if (l === failed && !outcome.code) return { ...outcome, code: outcome.available === 0 ? 'out_of_stock' : 'insufficient_stock' };
      return outcome;
    });
  }

  /** A repeated reserve: the lines as stored, with what is left of each item now. */
  private async stored(checkoutId: string): Promise<ReserveStockResult> {
    const rows = await this.db
      .select({ itemId: stockReservations.itemId, quantity: stockReservations.quantity, ...STOCK_STATE })
      .from(stockReservations)
      .leftJoin(items, eq(items.id, stockReservations.itemId))
      .where(eq(stockReservations.checkoutId, checkoutId))
      .orderBy(asc(stockReservations.itemId));
    return {
      ok: true,
      lines: rows.map((r) => ({
        itemId: r.itemId,
        requested: r.quantity,
        available: r.stockType === null ? null : unitsLeft({ stockType: r.stockType, available: r.available, reserved: r.reserved ?? 0 }),
      })),
    };
  }

  /**
   * Holds a checkout's stock until `expiresAt` (a later time only). `held` is false when nothing of it is held any
   * more (released by expiry or committed): the payment must not start then.
   */
  async extend(checkoutId: string, expiresAtText: string): Promise<{ held: boolean }> {
    const expiresAt = new Date(expiresAtText);
    const ttl = expiresAt.getTime() - this.clock.now().getTime();
    if (!(ttl > 0 && ttl <= RESERVATION_MAX_TTL_MS)) {
      throw new ValidationError('expiresAt must be in the future and at most 8 days ahead', {
        expiresAt: ['must be in the future and at most 8 days ahead'],
      });
    }
    const rows = await this.db
      .update(stockReservations)
      .set({
        expiresAt: sql`greatest(${stockReservations.expiresAt}, ${expiresAt.toISOString()}::timestamptz)`,
        updatedAt: this.clock.now(),
      })
      .where(and(eq(stockReservations.checkoutId, checkoutId), eq(stockReservations.status, 'held')))
      .returning({ itemId: stockReservations.itemId });
    return { held: rows.length > 0 };
  }

  /** Gives back what a checkout holds. Idempotent: only `held` rows move (to released). Returns the rows released. */
  async release(checkoutId: string): Promise<number> {
    return this.tx.run(async (tx) => {
      const released = await tx
        .update(stockReservations)
        .set({ status: 'released', updatedAt: this.clock.now() })
        .where(and(eq(stockReservations.checkoutId, checkoutId), eq(stockReservations.status, 'held')))
        .returning({ itemId: stockReservations.itemId, held: stockReservations.held });
      for (const r of sortByItem(released)) {
        if (r.held === 0) continue;
        await tx
          .update(items)
          .set({ reserved: sql`${items.reserved} - ${r.held}::int` })
          .where(eq(items.id, r.itemId));
      }
      return released.length;
    });
  }

  /**
   * The checkout was paid: its held units leave the stock for good (available and reserved both go down) and the
   * items' stock-changed events go out. Idempotent (only `held` rows move), so it needs no inbox; a reservation already
   * released (paid after the sweep released it) is taken again or reported short (`lateCommit`). `itemIds` (the paid
   * order's lines) naming one item make it one statement (`commitOneItem`), the common case; several items, or none
   * known, take the transaction that locks them in id order.
   */
  async commit(checkoutId: string, itemIds?: readonly string[]): Promise<number> {
    const distinct = new Set(itemIds);
    if (distinct.size === 1) {
      const [itemId] = distinct;
      const one = await this.tx.statement((db) => commitOneItem(db, this.outbox, checkoutId, itemId, this.clock.now()));
      if (!one.elsewhere) return one.committed > 0 ? one.committed : this.lateCommit(checkoutId);
      // The reservations span more items than the lines said: nothing was written, the transaction commits them all.
    }
    return this.tx.run(async (tx) => {
      const committed = await tx
        .update(stockReservations)
        .set({ status: 'committed', updatedAt: this.clock.now() })
        .where(and(eq(stockReservations.checkoutId, checkoutId), eq(stockReservations.status, 'held')))
        .returning({ itemId: stockReservations.itemId, held: stockReservations.held });
      if (committed.length === 0) return this.lateCommit(checkoutId);
      for (const r of sortByItem(committed)) {
        if (r.held === 0) continue;
        await this.changeStock(tx, r.itemId, {
          available: sql`${items.available} - ${r.held}::int`,
          reserved: sql`${items.reserved} - ${r.held}::int`,
        });
      }
      return committed.length;
    });
  }

  /**
   * A payment (or a pay-later placement) that found nothing held: a repeat, or a checkout paid after the sweep had
   * released its hold (cart-checkout never pays a checkout it expired or cancelled, so only the sweep's backstop,
   * running ahead of the payment's event, leaves one). Its units are taken again if every line's are still there,
   * and committed as a paid hold is; if any line's are gone, nothing moves: its rows become `short` and
   * `catalogue.reservation.short` goes out, once, so the order is cancelled and refunded instead of sold twice.
   * Decided before anything is written (rows and items locked, in item order), so it is also right inside a
   * consumer's inbox transaction, which it joins. Answers the rows committed (0 for a repeat or a shortfall).
   */
  private async lateCommit(checkoutId: string): Promise<number> {
    return this.tx.run(async (tx) => {
      const lapsed = await tx
        .select({ itemId: stockReservations.itemId, quantity: stockReservations.quantity, held: stockReservations.held })
        .from(stockReservations)
        .where(and(eq(stockReservations.checkoutId, checkoutId), eq(stockReservations.status, 'released')))
        .orderBy(asc(stockReservations.itemId))
        .for('update');
      if (lapsed.length === 0) return 0;
      const counted = lapsed.filter((r) => r.held > 0);
      const ids = counted.map((r) => r.itemId);
      const stock =
        ids.length === 0
          ? []
          : await tx
              .select({ id: items.id, available: items.available, reserved: items.reserved, stockType: items.stockType })
              .from(items)
              .where(inArray(items.id, ids))
              .orderBy(asc(items.id))
              .for('update');
      const byId = new Map(stock.map((s) => [s.id, s]));
      // an item no longer counted (on demand, untracked, or gone) has nothing to take
      const takes = counted.filter((r) => {
        const s = byId.get(r.itemId);
        return s !== undefined && s.available !== null && s.stockType !== 'ondemand';
      });
      const short = takes.filter((r) => {
        const s = byId.get(r.itemId)!;
        return s.available! - s.reserved < r.held;
      });
      const now = this.clock.now();
      if (short.length > 0) {
        await tx
          .update(stockReservations)
          .set({ status: 'short', updatedAt: now })
          .where(and(eq(stockReservations.checkoutId, checkoutId), eq(stockReservations.status, 'released')));
        const lines = short.map((r) => {
          const s = byId.get(r.itemId)!;
          return { itemId: r.itemId, quantity: r.quantity, available: Math.max(0, s.available! - s.reserved) };
        });
        await this.outbox.add(tx, {
          type: ReservationEvents.short,
          key: checkoutId,
          data: { checkoutId, lines } satisfies ReservationShortEvent,
        });
        this.logger.error(
          { checkoutId, lines },
          'a checkout was paid after its stock was released, and the stock is gone: its order is cancelled',
        );
        return 0;
      }
      await tx
        .update(stockReservations)
        .set({ status: 'committed', updatedAt: now })
        .where(and(eq(stockReservations.checkoutId, checkoutId), eq(stockReservations.status, 'released')));
      for (const r of takes) {
        await this.changeStock(tx, r.itemId, { available: sql`${items.available} - ${r.held}::int` });
      }
      this.logger.warn({ checkoutId }, 'a checkout was paid after its stock was released: its stock was taken again');
      return lapsed.length;
    });
  }

  /**
   * The order of a paid checkout was cancelled (orders.order.cancelled): its committed units come back to the stock
   * (available goes up) with the items' stock-changed events. Idempotent: only `committed` rows move (to returned).
   */
  async restock(checkoutId: string): Promise<number> {
    return this.tx.run(async (tx) => {
      const returned = await tx
        .update(stockReservations)
        .set({ status: 'returned', updatedAt: this.clock.now() })
        .where(and(eq(stockReservations.checkoutId, checkoutId), eq(stockReservations.status, 'committed')))
        .returning({ itemId: stockReservations.itemId, held: stockReservations.held });
      for (const r of sortByItem(returned)) {
        if (r.held === 0) continue;
        await this.changeStock(tx, r.itemId, {
          available: sql`case when ${items.available} is null then null else ${items.available} + ${r.held}::int end`,
        });
      }
      return returned.length;
    });
  }

  /**
   * Units leave or come back to an item's stock for good (a commit, a late commit, a restock): the change, a new
   * revision, and the item's stock-changed event (none for a deleted item), in the caller's transaction.
   */
  private async changeStock(tx: Tx, itemId: string, change: { available: SQL; reserved?: SQL }): Promise<void> {
    const [row] = await tx
      .update(items)
      .set({ ...change, revision: sql`${items.revision} + 1`, updatedAt: sql`now()` })
      .where(eq(items.id, itemId))
      .returning(ITEM_OWN_COLUMNS);
    if (row && row.deletedAt === null) await this.outbox.add(tx, itemEvents.stockChanged(row));
  }

  /**
   * Releases every checkout whose hold expired at least `graceMs` before the clock's now (the job passes
   * RESERVATION_SWEEP_GRACE_SECONDS). Returns how many checkouts it released. The sweep is the backstop: a checkout's
   * own expiry releases its stock through `cart.checkout.expired` as soon as cart-checkout decides it, and a checkout
   * it paid just before its expiry keeps its hold until the payment's event arrives, unless that takes longer than
   * the grace (then `lateCommit` takes the stock again, or says it is short).
   */
  async sweep(graceMs = 0): Promise<number> {
    let total = 0;
    for (;;) {
      const due = await this.db
        .selectDistinct({ checkoutId: stockReservations.checkoutId })
        .from(stockReservations)
        .where(and(eq(stockReservations.status, 'held'), lte(stockReservations.expiresAt, new Date(this.clock.now().getTime() - graceMs))))
        .limit(SWEEP_BATCH);
      for (const { checkoutId } of due) if ((await this.release(checkoutId)) > 0) total++;
      if (due.length < SWEEP_BATCH) return total;
    }
  }
}

interface TakenRow extends Record<string, unknown> {
  available: number | null;
  reserved: number;
  stock_type: string;
}

/** The rows of a raw `execute` (node-postgres and PGlite both answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function sortByItem<T extends { itemId: string }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0));
}
