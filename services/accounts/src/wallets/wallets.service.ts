import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import {
  formatMinorUnits,
  isValidClabe,
  walletTypeIdOf,
  WALLET_TYPE_ID_PATTERN,
  WalletErrorCodes,
  WalletLimits,
  type Cashout,
  type CashoutList,
  type Wallet,
  type WalletHistory,
  type WalletList,
  type WalletMovementList,
} from '@vitrina/contracts';
import { DB, DomainError, listResponse, newId, rowsOf, TransactionRunner, withCompiledRows } from '@vitrina/platform';
import { cashouts, ledgerAccounts, ledgerEntries, ledgerTransactions } from '../db/schema.js';
import type { AccountsDb, AccountsSchema, Executor } from '../db/db.js';
import { Clock } from '../shared/clock.js';
import { lastCutoff, maskClabe, nextCutoff, walletFigures } from './domain/cutoff.js';
import { Ledger, PAYOUTS, userAccount } from './ledger.js';
import { WALLETS_CONFIG, type WalletsConfig } from './wallets-config.js';

type CashoutRow = typeof cashouts.$inferSelect;

/** 'mxn' → 'MXN'; 400 wallet_type_invalid for anything but three letters. */
export function currencyOfWalletType(walletTypeId: string): string {
  if (typeof walletTypeId !== 'string' || !WALLET_TYPE_ID_PATTERN.test(walletTypeId)) {
    throw new DomainError(WalletErrorCodes.walletTypeInvalid, 'The wallet type must be a currency code such as mxn', 400);
  }
  return walletTypeId.toUpperCase();
}

/**
 * The columns of a wallet read: the balance, the credits since the cut-off (kept on the account row) and the pending
 * cash-outs, in one row. The
 * outer columns are written qualified by hand: drizzle leaves them bare in a one-table select, where `id` and
 * `user_id` would bind to the subquery's own table.
 */
function walletColumns(cutoff: ReturnType<typeof sql.placeholder>) {
  return {
    currency: ledgerAccounts.currency,
    balance: ledgerAccounts.balanceMinor,
    // the week's credits are kept on the account row by every posting (ledger.ts): no sum over the entries here
    credits: sql<string>`case when ledger_accounts.credits_since >= ${cutoff} then ledger_accounts.period_credits_minor else 0 end`,
    pending: sql<string>`(select coalesce(sum(c.amount_minor), 0) from ${cashouts} c
      where c.user_id = ledger_accounts.user_id and c.currency = ledger_accounts.currency and c.status = 'requested')`,
  };
}

/** The hot reads, prepared once (parsed once per pooled connection on PostgreSQL). */
function preparedStatements(db: AccountsDb) {
  const cutoff = sql.placeholder('cutoff');
  return {
    wallet: withCompiledRows(
      db
        .select(walletColumns(cutoff))
        .from(ledgerAccounts)
        .where(
          and(
            eq(ledgerAccounts.kind, 'user'),
            eq(ledgerAccounts.userId, sql.placeholder('userId')),
            eq(ledgerAccounts.currency, sql.placeholder('currency')),
          ),
        )
        .prepare('accounts_wallet'),
    ),
    wallets: withCompiledRows(
      db
        .select(walletColumns(cutoff))
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.kind, 'user'), eq(ledgerAccounts.userId, sql.placeholder('userId'))))
        .orderBy(ledgerAccounts.currency)
        .prepare('accounts_wallets'),
    ),
  };
}

/**
 * Wallets (spec 2 §3 'Wallet'): reads of a user's ledger accounts, their movements and balance history, and cash-outs
 * (a request takes the amount out of the wallet at once, into the payouts account; an operator pays it or rejects it,
 * which reverses it).
 */
@Injectable()
export class WalletsService {
  private readonly prepared: ReturnType<typeof preparedStatements>;

  constructor(
    @Inject(DB) private readonly db: AccountsDb,
    private readonly tx: TransactionRunner<AccountsSchema>,
    private readonly ledger: Ledger,
    private readonly clock: Clock,
    @Inject(WALLETS_CONFIG) private readonly config: WalletsConfig,
  ) {
    this.prepared = preparedStatements(db);
  }

  async list(userId: string): Promise<WalletList> {
    const now = this.clock.now();
    const rows = await this.prepared.wallets.execute({ userId, cutoff: lastCutoff(now, this.config.cutoff).toISOString() });
    if (rows.length === 0) return { results: [this.walletOf('MXN', 0, 0, 0, now)] };
    return { results: rows.map((r) => this.walletOf(r.currency, r.balance, Number(r.credits), Number(r.pending), now)) };
  }

  async get(userId: string, walletTypeId: string): Promise<Wallet> {
    const currency = currencyOfWalletType(walletTypeId);
    const now = this.clock.now();
    const [r] = await this.prepared.wallet.execute({ userId, currency, cutoff: lastCutoff(now, this.config.cutoff).toISOString() });
    return this.walletOf(currency, r?.balance ?? 0, Number(r?.credits ?? 0), Number(r?.pending ?? 0), now);
  }

  async movements(
    userId: string,
    walletTypeId: string,
    offset = 0,
    limit: number = WalletLimits.movementsPageSize,
  ): Promise<WalletMovementList> {
    const currency = currencyOfWalletType(walletTypeId);
    const accountId = await this.accountIdOf(this.db, userId, currency);
    if (!accountId) return listResponse([], 0);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: ledgerEntries.id,
          kind: ledgerTransactions.kind,
          part: ledgerEntries.part,
          orderId: ledgerTransactions.orderId,
          amount: ledgerEntries.amountMinor,
          balanceAfter: ledgerEntries.balanceAfterMinor,
          at: ledgerEntries.createdAt,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(eq(ledgerEntries.accountId, accountId))
        .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
        .offset(offset)
        .limit(limit),
      this.db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.accountId, accountId)),
    ]);
    return listResponse(
      rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        part: r.part ?? null,
        order_id: r.orderId ?? null,
        amount_minor: r.amount,
        amount: formatMinorUnits(r.amount),
        balance_after_minor: r.balanceAfter,
        balance_after: formatMinorUnits(r.balanceAfter),
        at: r.at.toISOString(),
      })),
      total?.n ?? 0,
    );
  }

  /** The closing balance of each day with movements in the last `days` days (UTC), oldest first. */
  async history(userId: string, walletTypeId: string, days: number = WalletLimits.historyDaysDefault): Promise<WalletHistory> {
    const currency = currencyOfWalletType(walletTypeId);
    const accountId = await this.accountIdOf(this.db, userId, currency);
    if (!accountId) return { points: [] };
    const since = new Date(this.clock.now().getTime() - days * 86_400_000);
    const rows = await this.db.execute<{ day: string; balance: string }>(sql`
      select distinct on (day) day, balance from (
        select to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, e.balance_after_minor as balance, e.created_at, e.id
        from ${ledgerEntries} e where e.account_id = ${accountId} and e.created_at >= ${since.toISOString()}::timestamptz
      ) d order by day asc, created_at desc, id desc`);
    return { points: rowsOf<{ day: string; balance: string }>(rows).map((r) => ({ date: r.day, balance_minor: Number(r.balance) })) };
  }

  async cashouts(userId: string, walletTypeId: string, offset = 0, limit: number = WalletLimits.movementsPageSize): Promise<CashoutList> {
    const currency = currencyOfWalletType(walletTypeId);
    const mine = and(eq(cashouts.userId, userId), eq(cashouts.currency, currency));
    const [rows, [total]] = await Promise.all([
      this.db.select().from(cashouts).where(mine).orderBy(desc(cashouts.requestedAt), desc(cashouts.id)).offset(offset).limit(limit),
      this.db.select({ n: count() }).from(cashouts).where(mine),
    ]);
    return listResponse(rows.map(cashoutOf), total?.n ?? 0);
  }

  /**
   * A cash-out request: under the wallet's row lock (concurrent requests queue), the amount must fit what is available
   * now; it leaves the wallet for the payouts account in the same transaction.
   */
  async requestCashout(userId: string, walletTypeId: string, amountMinor: number, clabe: string): Promise<Cashout> {
    const currency = currencyOfWalletType(walletTypeId);
    if (!isValidClabe(clabe)) throw new DomainError(WalletErrorCodes.invalidClabe, 'The CLABE is not valid: check its 18 digits', 400);
    if (amountMinor < WalletLimits.cashoutMinMinor) {
      throw new DomainError(
        WalletErrorCodes.cashoutBelowMinimum,
        `The minimum cash-out is ${formatMinorUnits(WalletLimits.cashoutMinMinor)}`,
        422,
      );
    }
    return this.tx.run(async (tx) => {
      const now = this.clock.now();
      const [acc] = await tx
        .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balanceMinor })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.kind, 'user'), eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.currency, currency)))
        .for('update');
      let available = 0;
      if (acc) {
        const [c] = await tx
          .select({ credits: sql<string>`coalesce(sum(${ledgerEntries.amountMinor}), 0)` })
          .from(ledgerEntries)
          .where(
            and(
              eq(ledgerEntries.accountId, acc.id),
              gte(ledgerEntries.createdAt, lastCutoff(now, this.config.cutoff)),
              sql`${ledgerEntries.amountMinor} > 0`,
            ),
          );
        available = walletFigures(acc.balance, Number(c?.credits ?? 0)).availableMinor;
      }
      if (amountMinor > available) {
        const err = new DomainError(
          WalletErrorCodes.cashoutExceedsAvailable,
          `The amount is greater than the amount available for cash-out (${formatMinorUnits(available)})`,
          422,
        );
        err.details = { available_minor: available };
        throw err;
      }
      const row: CashoutRow = {
        id: newId(),
        userId,
        currency,
        amountMinor,
        clabe,
        status: 'requested',
        requestedAt: now,
        decidedAt: null,
      };
      await tx.insert(cashouts).values(row);
      await this.ledger.post(tx, {
        kind: 'cashout',
        ref: row.id,
        orderId: null,
        currency,
        at: now,
        entries: [
          { account: userAccount(userId), part: null, amountMinor: -amountMinor },
          { account: PAYOUTS, part: null, amountMinor },
        ],
      });
      return cashoutOf(row);
    });
  }

  /** The operator's decision: paid (the money left the platform) or rejected (it returns to the wallet). */
  async decideCashout(id: string, decision: 'paid' | 'rejected'): Promise<Cashout> {
    return this.tx.run(async (tx) => {
      const [row] = await tx.select().from(cashouts).where(eq(cashouts.id, id)).for('update');
      if (!row) throw new DomainError(WalletErrorCodes.cashoutNotFound, 'Cash-out not found', 404);
      if (row.status !== 'requested') {
        throw new DomainError(WalletErrorCodes.cashoutAlreadyDecided, `The cash-out was already ${row.status}`, 409);
      }
      const now = this.clock.now();
      const [updated] = await tx.update(cashouts).set({ status: decision, decidedAt: now }).where(eq(cashouts.id, id)).returning();
      if (decision === 'rejected') {
        await this.ledger.post(tx, {
          kind: 'cashout_reversal',
          ref: row.id,
          orderId: null,
          currency: row.currency,
          at: now,
          entries: [
            { account: userAccount(row.userId), part: null, amountMinor: row.amountMinor },
            { account: PAYOUTS, part: null, amountMinor: -row.amountMinor },
          ],
        });
      }
      return cashoutOf(updated);
    });
  }

  private async accountIdOf(ex: Executor, userId: string, currency: string): Promise<string | null> {
    const [r] = await ex
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, 'user'), eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.currency, currency)));
    return r?.id ?? null;
  }

  private walletOf(currency: string, balance: number, credits: number, pending: number, now: Date): Wallet {
    const { heldMinor, availableMinor } = walletFigures(balance, credits);
    const id = walletTypeIdOf(currency);
    return {
      wallet_type: { id, currency: currency.toUpperCase() },
      balance_minor: balance,
      balance: formatMinorUnits(balance),
      available_for_cashout_minor: availableMinor,
      available_for_cashout: formatMinorUnits(availableMinor),
      held_minor: heldMinor,
      held: formatMinorUnits(heldMinor),
      pending_cashout_minor: pending,
      pending_cashout: formatMinorUnits(pending),
      next_cutoff_date: nextCutoff(now, this.config.cutoff).toISOString(),
    };
  }
}

function cashoutOf(r: CashoutRow): Cashout {
  return {
    id: r.id,
    wallet_type_id: walletTypeIdOf(r.currency),
    amount_minor: r.amountMinor,
    amount: formatMinorUnits(r.amountMinor),
    clabe: maskClabe(r.clabe),
    status: r.status,
    requested_at: r.requestedAt.toISOString(),
    decided_at: r.decidedAt ? r.decidedAt.toISOString() : null,
  };
}
