import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import {
  walletTypeIdOf,
  WalletEvents,
  type DispersionCreatedEvent,
  type DispersionPart,
  type LedgerKind,
  type WalletCreditedEvent,
} from '@vitrina/contracts';
import { newId, Outbox } from '@vitrina/platform';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../db/schema.js';
import type { AccountsTx } from '../db/db.js';

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
  constructor(private readonly outbox: Outbox) {}

  /** Posts; answers the transaction id, or null when (kind, ref) was already posted. */
  async post(tx: AccountsTx, p: Posting): Promise<string | null> {
    const entries = p.entries.filter((e) => e.amountMinor !== 0);
    for (const e of entries) {
      if (!Number.isSafeInteger(e.amountMinor)) throw new UnbalancedPostingError(`ledger amount ${e.amountMinor} is not an integer`);
    }
    if (entries.reduce((s, e) => s + e.amountMinor, 0) !== 0) {
      throw new UnbalancedPostingError(`ledger posting ${p.kind}:${p.ref} does not sum to zero`);
    }
    const currency = p.currency.toUpperCase();
    const transactionId = newId();
    const took = await tx
      .insert(ledgerTransactions)
      .values({ id: transactionId, kind: p.kind, ref: p.ref, orderId: p.orderId, currency, createdAt: p.at })
      .onConflictDoNothing({ target: [ledgerTransactions.kind, ledgerTransactions.ref] })
      .returning({ id: ledgerTransactions.id });
    if (took.length === 0) return null;

    const ordered = entries
      .map((e, i) => ({ e, i }))
      .sort(
        (a, b) =>
          KIND_RANK[a.e.account.kind] - KIND_RANK[b.e.account.kind] ||
          (a.e.account.userId ?? '').localeCompare(b.e.account.userId ?? '') ||
          a.i - b.i,
      )
      .map((x) => x.e);
    const rows: (typeof ledgerEntries.$inferInsert)[] = [];
    for (const e of ordered) {
      const [acc] = await tx
        .insert(ledgerAccounts)
        .values({ id: newId(), kind: e.account.kind, userId: e.account.userId, currency, balanceMinor: e.amountMinor, createdAt: p.at })
        .onConflictDoUpdate({
          target: [ledgerAccounts.kind, ledgerAccounts.userId, ledgerAccounts.currency],
          set: { balanceMinor: sql`${ledgerAccounts.balanceMinor} + excluded.balance_minor` },
        })
        .returning({ id: ledgerAccounts.id, balance: ledgerAccounts.balanceMinor });
      rows.push({
        id: newId(),
        transactionId,
        accountId: acc.id,
        part: e.part,
        amountMinor: e.amountMinor,
        balanceAfterMinor: acc.balance,
        createdAt: p.at,
      });
    }
    if (rows.length > 0) await tx.insert(ledgerEntries).values(rows);

    for (const e of ordered) {
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
      await this.outbox.add(tx, { type: WalletEvents.credited, key: e.account.userId, data });
    }
    if (p.kind === 'dispersion' && p.orderId) {
      const parties = ordered.filter((e) => e.account.kind !== 'clearing');
      const data: DispersionCreatedEvent = {
        orderId: p.orderId,
        transactionId,
        currency,
        totalMinor: parties.reduce((s, e) => s + e.amountMinor, 0),
        entries: ordered.map((e) => ({
          userId: e.account.userId,
          account: e.account.kind,
          part: e.part ?? '',
          amountMinor: e.amountMinor,
        })),
      };
      await this.outbox.add(tx, { type: WalletEvents.dispersed, key: p.orderId, data });
    }
    return transactionId;
  }
}
