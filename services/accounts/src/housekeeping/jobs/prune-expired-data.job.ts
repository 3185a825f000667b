import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { and, eq, gte, inArray, isNotNull, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import { DB, JOB_QUEUE, LOGGER, TransactionRunner, type JobQueue, type Logger } from '@vitrina/platform';
import { follows, oneTimeCodes, refreshTokens, sessions, setupTours, signInThrottles, trustedDevices, users } from '../../db/schema.js';
import type { AccountsDb, AccountsSchema } from '../../db/db.js';
import { Clock } from '../../shared/clock.js';
import { RateCounter } from '../../shared/rate-counter.js';
import { REFRESH_REUSE_GRACE_MS } from '../../sessions/sessions.js';
import { DEVICE_TTL_MS } from '../../sessions/trusted-devices.js';
import { housekeepingPeriod, retentionCutoffs } from '../domain/retention.js';

export const PRUNE_EXPIRED_DATA_JOB = 'accounts.prune-expired-data';

export interface PruneExpiredDataData {
  /** The hour (ms since epoch / 3 600 000) this run belongs to; it names the job, so each hour runs once. */
  period: number;
}

export interface PruneReport {
  rateEvents: 'pruned';
  refreshTokens: number;
  sessions: number;
  sealedRotationsCleared: number;
  codes: number;
  pendingRegistrations: number;
  signInThrottles: number;
  trustedDevices: number;
}

/** Rows deleted per statement: a big backlog is worked through in short transactions. */
const BATCH = 500;
/** How often each instance makes sure the current hour's job is queued (a no-op when it is, thanks to its id). */
const ENSURE_EVERY_MS = 10 * 60_000;

/**
 * Accounts housekeeping, as a job of the service's queue (BullMQ in the cluster, the persisted local queue embedded):
 * once an hour, whichever instance queues the hour's job first (jobId `accounts.prune-expired-data:<hour>`), it
 * deletes what no rule reads any more: old limit counters, refresh tokens a day past expiry and the sessions left
 * without tokens (expired or revoked families), the sealed answers of rotations past their grace window, codes a week
 * past expiry, pending registrations abandoned for a week (with their codes), sign-in throttle rows two days after
 * their last failure and devices unused for longer than their cookie lives. Every delete is idempotent, so a
 * retried or doubled run is harmless.
 */
@Injectable()
export class PruneExpiredDataJob implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(DB) private readonly db: AccountsDb,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly tx: TransactionRunner<AccountsSchema>,
    private readonly rate: RateCounter,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.jobs.process<PruneExpiredDataData>(PRUNE_EXPIRED_DATA_JOB, async (data) => {
      const report = await this.run();
      this.logger.info({ period: data.period, ...report }, 'accounts housekeeping done');
    });
  }

  /** On start, then every few minutes: queue the current hour's run (deduplicated by its id across instances). */
  async onApplicationBootstrap(): Promise<void> {
    await this.ensureScheduled();
    this.timer = setInterval(() => void this.ensureScheduled(), ENSURE_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Queues the job of the hour we are in (wall time: the queue's delays are real time). */
  async ensureScheduled(nowMs = Date.now()): Promise<void> {
    const period = housekeepingPeriod(nowMs);
    try {
      await this.jobs.add<PruneExpiredDataData>(
        PRUNE_EXPIRED_DATA_JOB,
        { period },
        { jobId: `${PRUNE_EXPIRED_DATA_JOB}:${period}`, attempts: 3, backoffMs: 60_000 },
      );
    } catch (err) {
      this.logger.warn({ err }, 'could not queue accounts housekeeping; will try again');
    }
  }

  /** One pruning pass at the accounts clock's now (tests move it). */
  async run(): Promise<PruneReport> {
    const c = retentionCutoffs(this.clock.now(), REFRESH_REUSE_GRACE_MS, DEVICE_TTL_MS);
    await this.rate.prune();

    const refreshTokensDeleted = await this.inBatches(() =>
      this.db
        .delete(refreshTokens)
        .where(
          inArray(
            refreshTokens.id,
            this.db
              .select({ id: refreshTokens.id })
              .from(refreshTokens)
              .where(lt(refreshTokens.expiresAt, c.refreshTokensExpiredBefore))
              .limit(BATCH),
          ),
        )
        .returning({ id: refreshTokens.id }),
    );
    // A session is the family of its refresh tokens: once the last one is gone (expired a day ago), so is the session,
    // revoked or not. Sessions younger than a day are left alone (a token is inserted in the session's own transaction).
    const sessionsDeleted = await this.inBatches(() =>
      this.db
        .delete(sessions)
        .where(
          inArray(
            sessions.id,
            this.db
              .select({ id: sessions.id })
              .from(sessions)
              .where(
                and(
                  lt(sessions.createdAt, c.refreshTokensExpiredBefore),
                  notExists(
                    this.db
                      .select({ one: sql`1` })
                      .from(refreshTokens)
                      .where(eq(refreshTokens.sessionId, sessions.id)),
                  ),
                ),
              )
              .limit(BATCH),
          ),
        )
        .returning({ id: sessions.id }),
    );
    const sealedCleared = await this.inBatches(() =>
      this.db
        .update(refreshTokens)
        .set({ successorSealed: null })
        .where(
          inArray(
            refreshTokens.id,
            this.db
              .select({ id: refreshTokens.id })
              .from(refreshTokens)
              .where(and(isNotNull(refreshTokens.successorSealed), lt(refreshTokens.rotatedAt, c.sealedRotationsBefore)))
              .limit(BATCH),
          ),
        )
        .returning({ id: refreshTokens.id }),
    );
    const codesDeleted = await this.inBatches(() =>
      this.db
        .delete(oneTimeCodes)
        .where(
          inArray(
            oneTimeCodes.id,
            this.db
              .select({ id: oneTimeCodes.id })
              .from(oneTimeCodes)
              .where(
                and(
                  lt(oneTimeCodes.expiresAt, c.codesExpiredBefore),
                  or(isNull(oneTimeCodes.linkExpiresAt), lt(oneTimeCodes.linkExpiresAt, c.codesExpiredBefore)),
                ),
              )
              .limit(BATCH),
          ),
        )
        .returning({ id: oneTimeCodes.id }),
    );
    const pendingDeleted = await this.inBatches(() => this.pruneAbandonedRegistrations(c.pendingUntouchedSince));
    const throttlesDeleted = await this.inBatches(() =>
      this.db
        .delete(signInThrottles)
        .where(
          sql`(${signInThrottles.accountKey}, ${signInThrottles.clientKey}) in (${this.db
            .select({ a: signInThrottles.accountKey, c: signInThrottles.clientKey })
            .from(signInThrottles)
            .where(lt(signInThrottles.lastFailureAt, c.throttlesLastFailedBefore))
            .limit(BATCH)})`,
        )
        .returning({ a: signInThrottles.accountKey }),
    );
    const devicesDeleted = await this.inBatches(() =>
      this.db
        .delete(trustedDevices)
        .where(
          sql`(${trustedDevices.tokenHash}, ${trustedDevices.userId}) in (${this.db
            .select({ t: trustedDevices.tokenHash, u: trustedDevices.userId })
            .from(trustedDevices)
            .where(lt(trustedDevices.lastUsedAt, c.devicesUnusedSince))
            .limit(BATCH)})`,
        )
        .returning({ u: trustedDevices.userId }),
    );
    return {
      rateEvents: 'pruned',
      refreshTokens: refreshTokensDeleted,
      sessions: sessionsDeleted,
      sealedRotationsCleared: sealedCleared,
      codes: codesDeleted,
      pendingRegistrations: pendingDeleted,
      signInThrottles: throttlesDeleted,
      trustedDevices: devicesDeleted,
    };
  }

  /**
   * Pending accounts untouched since `since` with no code issued since then. Locked and re-checked in the
   * transaction (skip locked: a registration being taken over or activated right now is left for the next run).
   */
  private async pruneAbandonedRegistrations(since: Date): Promise<Array<{ id: string }>> {
    return this.tx.run(async (tx) => {
      const stale = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.status, 'pending'),
            lt(users.updatedAt, since),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(oneTimeCodes)
                .where(and(eq(oneTimeCodes.userId, users.id), gte(oneTimeCodes.createdAt, since))),
            ),
          ),
        )
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const ids = stale.map((u) => u.id);
      if (ids.length === 0) return [];
      await tx.delete(oneTimeCodes).where(inArray(oneTimeCodes.userId, ids));
      await tx.delete(follows).where(or(inArray(follows.followerId, ids), inArray(follows.followeeId, ids)));
      await tx.delete(setupTours).where(inArray(setupTours.userId, ids));
      return tx
        .delete(users)
        .where(and(inArray(users.id, ids), eq(users.status, 'pending')))
        .returning({ id: users.id });
    });
  }

  private async inBatches(step: () => Promise<unknown[]>): Promise<number> {
    let total = 0;
    for (;;) {
      const n = (await step()).length;
      total += n;
      if (n < BATCH) return total;
    }
  }
}
