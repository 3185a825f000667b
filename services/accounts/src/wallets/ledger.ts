import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import {
  walletTypeIdOf,
  WalletEvents,
  type DispersionCreatedEvent,
  type DispersionPart,
  type LedgerKind,
  type WalletCreditedEvent,
} from '@vitrina/contracts';
import { newId, Outbox, type NewEvent } from '@vitrina/platform';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../db/schema.js';
import type { AccountsTx } from '../db/db.js';
import { lastCutoff } from './domain/cutoff.js';
import { WALLETS_CONFIG, type WalletsConfig } from './wallets-config.js';

export type LedgerAccountKind = 'user' | 'clearing' | 'platform' | 'payouts';

export interface LedgerAccountRef {
  kind: LedgerAccountKind;
  /** The wallet's owner; null for the clearing, platform and payouts accounts. */
  userId: string | null;
}

export interface PostingEntry {
  account: LedgerAccountRef;
  part: DispersionPart | null;
  amountMinor: number;
}

export interface Posting {
  kind: LedgerKind;
  ref: string;
  orderId: string | null;
  currency: string;
  entries: PostingEntry[];
  at: Date;
}

/** The order accounts are locked in by every posting (system clearing first, wallets by id, then platform and payouts). */
const KIND_RANK: Record<LedgerAccountKind, number> = { clearing: 0, user: 1, platform: 2, payouts: 3 };

export const userAccount = (userId: string): LedgerAccountRef => ({ kind: 'user', userId });
export const CLEARING: LedgerAccountRef = { kind: 'clearing', userId: null };
export const PLATFORM: LedgerAccountRef = { kind: 'platform', userId: null };
export const PAYOUTS: LedgerAccountRef = { kind: 'payouts', userId: null };

export class UnbalancedPostingError extends Error {}

/**
 * The one way money moves (ARCHITECTURE §8): an append-only double-entry posting in the caller's transaction. The
 * transaction row is inserted first with ON CONFLICT (kind, ref) DO NOTHING, so a posting happens once however often
 * it is attempted; only when it took are the balances bumped (`balance_minor + d returning` gives each entry's
 * balance after it), the entries inserted and the events written to the outbox.
 */
@Injectable()
export class Ledger {
  constructor(
    private readonly outbox: Outbox,
    @Inject(WALLETS_CONFIG) private readonly config: WalletsConfig,
  ) {}

  /** Posts; answers the transaction id, or null when (kind, ref) was already posted. */
  async post(tx: AccountsTx, p: Posting): Promise<string | null> {
    return (await this.postMany(tx, [p]))[0] ?? null;
  }

  /**
   * Posts several transactions of one currency in a handful of statements whatever their number (the settlement
   * sweep posts up to a batch of dispersions at once): one insert of the transaction rows (those already posted are
   * skipped), one upsert of every account touched with its summed delta (in the lock order: clearing, wallets by user
   * id, platform, payouts), one insert of the entries (each entry's balance after it is worked out from the account's
   * new balance, in posting order), one insert of the outbox rows. Answers each posting's transaction id, or null when
   * (kind, ref) was already posted.
   */
  async postMany(tx: AccountsTx, postings: readonly Posting[]): Promise<(string | null)[]> {
    if (postings.length === 0) return [];
    const currency = postings[0].currency.toUpperCase();
    const prepared = postings.map((p) => {
      if (p.currency.toUpperCase() !== currency) throw new UnbalancedPostingError('one ledger batch holds one currency');
      const entries = p.entries.filter((e) => e.amountMinor !== 0);
      for (const e of entries) {
        if (!Number.isSafeInteger(e.amountMinor)) throw new UnbalancedPostingError(`ledger amount ${e.amountMinor} is not an integer`);
      }
      if (entries.reduce((sum, e) => sum + e.amountMinor, 0) !== 0) {
        throw new UnbalancedPostingError(`ledger posting ${p.kind}:${p.ref} does not sum to zero`);
      }
      return { p, id: newId(), entries: [...entries].sort(byLockOrder) };
    });
    const took = await tx
      .insert(ledgerTransactions)
      .values(prepared.map(({ p, id }) => ({ id, kind: p.kind, ref: p.ref, orderId: p.orderId, currency, createdAt: p.at })))
      .onConflictDoNothing({ target: [ledgerTransactions.kind, ledgerTransactions.ref] })
      .returning({ id: ledgerTransactions.id });
    const posted = new Set(took.map((t) => t.id));
    const live = prepared.filter((x) => posted.has(x.id));
    if (live.length === 0) return prepared.map(() => null);

    // every account touched, once, with its total delta, in the lock order
    const keyOf = (a: LedgerAccountRef) => `${a.kind}:${a.userId ?? ''}`;
    const deltas = new Map<string, { account: LedgerAccountRef; delta: number; credits: number }>();
    for (const x of live) {
      for (const e of x.entries) {
        const k = keyOf(e.account);
        const credit = Math.max(0, e.amountMinor);
        const d = deltas.get(k);
        if (d) {
          d.delta += e.amountMinor;
          d.credits += credit;
        } else deltas.set(k, { account: e.account, delta: e.amountMinor, credits: credit });
      }
    }
    const touched = [...deltas.values()].sort((a, b) => byLockOrder({ account: a.account }, { account: b.account }));
    const at = live[0].p.at;
    // the batch's credits count towards the week they fall in: added to the account's week when it is the same,
    // starting it afresh when the account's is older, left out when the account already counts a later week
    const since = lastCutoff(new Date(Math.max(...live.map((x) => x.p.at.getTime()))), this.config.cutoff);
    if (touched.length === 0) {
      // postings whose entries were all zero (a fully refunded order): the transaction row records that it happened
      await this.outbox.add(
        tx,
        live.flatMap((x) => eventsOf(x.p, x.id, currency, x.entries)),
      );
      return prepared.map((x) => (posted.has(x.id) ? x.id : null));
    }
    const accounts = await tx
      .insert(ledgerAccounts)
      .values(
        touched.map((t) => ({
          id: newId(),
          kind: t.account.kind,
          userId: t.account.userId,
          currency,
          balanceMinor: t.delta,
          creditsSince: since,
          periodCreditsMinor: t.credits,
          createdAt: at,
        })),
      )
      .onConflictDoUpdate({
        target: [ledgerAccounts.kind, ledgerAccounts.userId, ledgerAccounts.currency],
        set: {
          balanceMinor: sql`${ledgerAccounts.balanceMinor} + excluded.balance_minor`,
          periodCreditsMinor: sql`case
            when ${ledgerAccounts.creditsSince} = excluded.credits_since then ${ledgerAccounts.periodCreditsMinor} + excluded.period_credits_minor
            when ${ledgerAccounts.creditsSince} > excluded.credits_since then ${ledgerAccounts.periodCreditsMinor}
            else excluded.period_credits_minor end`,
          creditsSince: sql`greatest(${ledgerAccounts.creditsSince}, excluded.credits_since)`,
        },
      })
      .returning({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, userId: ledgerAccounts.userId, balance: ledgerAccounts.balanceMinor });
    // each account's balance before this batch; the entries walk it forward in posting order
    const running = new Map<string, { id: string; balance: number }>();
    for (const a of accounts) {
      const k = keyOf({ kind: a.kind, userId: a.userId });
      running.set(k, { id: a.id, balance: Number(a.balance) - deltas.get(k)!.delta });
    }
    const rows: (typeof ledgerEntries.$inferInsert)[] = [];
    const events: NewEvent[] = [];
    for (const { p, id, entries } of live) {
      for (const e of entries) {
        const acc = running.get(keyOf(e.account))!;
        acc.balance += e.amountMinor;
        rows.push({
          id: newId(),
          transactionId: id,
          accountId: acc.id,
          part: e.part,
          amountMinor: e.amountMinor,
          balanceAfterMinor: acc.balance,
          createdAt: p.at,
        });
      }
      events.push(...eventsOf(p, id, currency, entries));
    }
    for (let i = 0; i < rows.length; i += ENTRIES_PER_INSERT) await tx.insert(ledgerEntries).values(rows.slice(i, i + ENTRIES_PER_INSERT));
    await this.outbox.add(tx, events);
    return prepared.map((x) => (posted.has(x.id) ? x.id : null));
  }
}

/** Entries per insert statement (7 parameters each, well under PostgreSQL's 65,535). */
const ENTRIES_PER_INSERT = 2_000;

function byLockOrder(a: { account: LedgerAccountRef }, b: { account: LedgerAccountRef }): number {
  return KIND_RANK[a.account.kind] - KIND_RANK[b.account.kind] || (a.account.userId ?? '').localeCompare(b.account.userId ?? '');
}

/** A credit event per wallet credited, and the dispersion's own event. */
function eventsOf(p: Posting, transactionId: string, currency: string, entries: readonly PostingEntry[]): NewEvent[] {
  const events: NewEvent[] = [];
  for (const e of entries) {
    if (e.account.kind !== 'user' || !e.account.userId || e.amountMinor <= 0) continue;
    const data: WalletCreditedEvent = {
      userId: e.account.userId,
      walletTypeId: walletTypeIdOf(currency),
      currency,
      amountMinor: e.amountMinor,
      kind: p.kind,
      orderId: p.orderId,
      transactionId,
    };
    events.push({ type: WalletEvents.credited, key: e.account.userId, data });
  }
  if (p.kind === 'dispersion' && p.orderId) {
    const parties = entries.filter((e) => e.account.kind !== 'clearing');
    const data: DispersionCreatedEvent = {
      orderId: p.orderId,
      transactionId,
      currency,
      totalMinor: parties.reduce((sum, e) => sum + e.amountMinor, 0),
      entries: entries.map((e) => ({ userId: e.account.userId, account: e.account.kind, part: e.part ?? '', amountMinor: e.amountMinor })),
    };
    events.push({ type: WalletEvents.dispersed, key: p.orderId, data });
  }
  return events;
}
