import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, gt, lt, max, min } from 'drizzle-orm';
import { DB } from '@vitrina/platform';
import { rateEvents } from '../db/schema.js';
import type { AccountsDb, Executor } from '../db/db.js';
import { Clock } from './clock.js';

/** Sliding-window counters kept in the database, so every instance of the service sees the same counts. */
export const Buckets = {
  /** Wrong one-time codes of an account (PIN and reset code); never reset by a resend. */
  codeFailure: 'code_failure',
  codeSendDestination: 'code_send_destination',
  codeSendIp: 'code_send_ip',
  codeSendAccount: 'code_send_account',
} as const;
export type Bucket = (typeof Buckets)[keyof typeof Buckets];

export interface WindowCount {
  count: number;
  oldest: Date | null;
  newest: Date | null;
}

/** Rows older than this are pruned (the longest window is 24 h). */
export const RATE_EVENT_RETENTION_MS = 48 * 3600_000;

@Injectable()
export class RateCounter {
  constructor(
    @Inject(DB) private readonly db: AccountsDb,
    private readonly clock: Clock,
  ) {}

  async window(bucket: Bucket, subject: string, windowMs: number, ex: Executor = this.db): Promise<WindowCount> {
    const since = new Date(this.clock.now().getTime() - windowMs);
    const [row] = await ex
      .select({ count: count(), oldest: min(rateEvents.at), newest: max(rateEvents.at) })
      .from(rateEvents)
      .where(and(eq(rateEvents.bucket, bucket), eq(rateEvents.subject, subject), gt(rateEvents.at, since)));
    return { count: Number(row?.count ?? 0), oldest: toDate(row?.oldest), newest: toDate(row?.newest) };
  }

  async record(ex: Executor, bucket: Bucket, subject: string): Promise<void> {
    await ex.insert(rateEvents).values({ bucket, subject, at: this.clock.now() });
  }

  async prune(): Promise<void> {
    await this.db.delete(rateEvents).where(lt(rateEvents.at, new Date(this.clock.now().getTime() - RATE_EVENT_RETENTION_MS)));
  }
}

function toDate(value: unknown): Date | null {
  if (value instanceof Date) return value;
  // Raw SQL hands timestamps back as text (or epoch numbers); anything else is no date.
  return typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
}
