import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { DB, JOB_QUEUE, LOGGER, type Db, type JobQueue } from '@vitrina/platform';
import type { Logger } from 'pino';
import { listingChanges, shops } from '../../db/schema.js';

export const LISTING_CHANGES_COMPACTION_JOB = 'catalogue.listing-changes-compaction';
/** How often each instance queues the period's compaction (jobId per period: one run per period across instances). */
const PERIOD_MS = 60_000;
/** Rows folded per statement (short transactions; a backlog takes several). */
const BATCH = 5_000;

/**
 * Keeps `listing_changes` short (schema.ts): folds a shop's rows into `shops.listing_version`, deleting them and adding
 * their count in ONE statement, so base + count (the version cached listing pages are keyed by) is the same before and
 * after for every reader. Rows a transaction has not committed yet are invisible to the delete and stay counted later.
 * Only the compaction writes the shop rows' version, once a minute, so writers never queue on them.
 */
@Injectable()
export class ListingChangesCompactionJob implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.jobs.process<{ period: number }>(LISTING_CHANGES_COMPACTION_JOB, async () => {
      await this.compact();
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureScheduled();
    this.timer = setInterval(() => void this.ensureScheduled(), PERIOD_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async ensureScheduled(nowMs = Date.now()): Promise<void> {
    const period = Math.floor(nowMs / PERIOD_MS);
    try {
      await this.jobs.add(
        LISTING_CHANGES_COMPACTION_JOB,
        { period },
        { jobId: `${LISTING_CHANGES_COMPACTION_JOB}:${period}`, attempts: 2 },
      );
    } catch (err) {
      this.logger.warn({ err }, 'could not queue the listing changes compaction; will try again');
    }
  }

  /** Folds every committed row into its shop's base, in batches. Returns the rows folded. */
  async compact(): Promise<number> {
    let total = 0;
    for (;;) {
      const { rows } = (await this.db.execute(sql`
        with gone as (
          delete from ${listingChanges} c
           where (c.shop_id, c.xid) in (select shop_id, xid from ${listingChanges} limit ${BATCH})
          returning c.shop_id
        ), n as (select shop_id, count(*)::bigint as n from gone group by shop_id),
        folded as (
          update ${shops} s set listing_version = s.listing_version + n.n from n where s.id = n.shop_id returning n.n
        )
        select coalesce(sum(n), 0)::int as folded, (select count(*)::int from gone) as deleted from folded`)) as {
        rows: Array<{ folded: number; deleted: number }>;
      };
      const deleted = Number(rows[0]?.deleted ?? 0);
      total += deleted;
      if (deleted < BATCH) return total;
    }
  }
}
