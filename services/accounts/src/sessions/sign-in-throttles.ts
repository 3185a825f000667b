import { Injectable } from '@nestjs/common';
import { and, eq, gt, sql } from 'drizzle-orm';
import { TransactionRunner } from '@vitrina/platform';
import { signInThrottles } from '../db/schema.js';
import type { AccountsSchema, AccountsTx, Executor } from '../db/db.js';
import { Clock } from '../shared/clock.js';
import { claimClientAttempt, claimNetworkAttempt, type ThrottleState } from './domain/sign-in-throttle.js';

/** The account key of a network's budget across accounts. */
const ANY_ACCOUNT = '*';

export interface SignInClient {
  /** `u:{user id}`, or the identifier of an account that does not exist (treated the same way). */
  accountKey: string;
  /** `d:{device hash}` for a device the account knows, else `n:{network}`. */
  clientKey: string;
  /** The caller's network (`n:...`); charged only when the client is not a known device. */
  networkKey: string;
  knownDevice: boolean;
}

export type ThrottleDecision =
  { allowed: true; networkCharged: boolean } | { allowed: false; retryAfterMs: number; scope: 'client' | 'network' };

/**
 * The sign-in budgets (rules: domain/sign-in-throttle.ts) in the service's database, so every instance sees the same
 * state. `claim` charges one failure in advance under row locks (parallel guesses wait on the lock instead of
 * slipping past a delay); `succeeded` undoes it and clears the client's failures.
 */
@Injectable()
export class SignInThrottles {
  constructor(
    private readonly tx: TransactionRunner<AccountsSchema>,
    private readonly clock: Clock,
  ) {}

  async claim(client: SignInClient): Promise<ThrottleDecision> {
    return this.tx.run(async (tx) => {
      // Always the client row first, then the network's: one lock order, no deadlock between two sign-ins. The time is
      // read after each lock: a claim that waited for one must not compare an older time with what the claim before
      // it just wrote (simultaneous right passwords from one network were refused).
      const own = await this.lock(tx, client.accountKey, client.clientKey, this.clock.now());
      const mine = claimClientAttempt(own, this.clock.now());
      if (!mine.allowed) return { allowed: false, retryAfterMs: mine.retryAfterMs, scope: 'client' };
      let networkNext: ThrottleState | undefined;
      if (!client.knownDevice) {
        const network = await this.lock(tx, ANY_ACCOUNT, client.networkKey, this.clock.now());
        const net = claimNetworkAttempt(network, this.clock.now());
        if (!net.allowed) return { allowed: false, retryAfterMs: net.retryAfterMs, scope: 'network' };
        networkNext = net.next;
      }
      await this.save(tx, client.accountKey, client.clientKey, mine.next);
      if (networkNext) await this.save(tx, ANY_ACCOUNT, client.networkKey, networkNext);
      return { allowed: true, networkCharged: networkNext !== undefined };
    });
  }

  /** The password was right: the client's consecutive failures start over and the network gets its charge back. */
  async succeeded(ex: Executor, client: SignInClient, networkCharged: boolean): Promise<void> {
    await ex
      .delete(signInThrottles)
      .where(and(eq(signInThrottles.accountKey, client.accountKey), eq(signInThrottles.clientKey, client.clientKey)));
    if (networkCharged) {
      await ex
        .update(signInThrottles)
        .set({ failures: sql`greatest(${signInThrottles.failures} - 1, 0)` })
        .where(
          and(
            eq(signInThrottles.accountKey, ANY_ACCOUNT),
            eq(signInThrottles.clientKey, client.networkKey),
            gt(signInThrottles.failures, 0),
          ),
        );
    }
  }

  /** The row, created empty when missing, locked until the transaction ends. */
  private async lock(tx: AccountsTx, accountKey: string, clientKey: string, now: Date): Promise<ThrottleState | null> {
    await tx
      .insert(signInThrottles)
      .values({ accountKey, clientKey, failures: 0, windowStartedAt: now, lastFailureAt: now, blockedUntil: new Date(0) })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(signInThrottles)
      .where(and(eq(signInThrottles.accountKey, accountKey), eq(signInThrottles.clientKey, clientKey)))
      .for('update');
    return row && row.failures > 0 ? row : null;
  }

  private async save(tx: AccountsTx, accountKey: string, clientKey: string, s: ThrottleState): Promise<void> {
    await tx
      .update(signInThrottles)
      .set({ failures: s.failures, windowStartedAt: s.windowStartedAt, lastFailureAt: s.lastFailureAt, blockedUntil: s.blockedUntil })
      .where(and(eq(signInThrottles.accountKey, accountKey), eq(signInThrottles.clientKey, clientKey)));
  }
}
