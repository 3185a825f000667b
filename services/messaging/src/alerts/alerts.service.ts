import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { AlertErrorCodes, type Alert, type AlertList, type AlertPending } from '@vitrina/contracts';
import { DB, NotFoundError, listResponse, type Db } from '@vitrina/platform';
import { alertReads, alerts } from '../db/schema.js';
import type * as schema from '../db/schema.js';

type AlertRow = typeof alerts.$inferSelect;

function alertOf(row: AlertRow): Alert {
  return {
    id: row.id,
    origin_app: row.origin,
    params: { type: row.type, subtype: row.subtype, role: row.role, ...row.params },
    message_body: row.message,
    link: row.link,
    created_at: row.createdAt.toISOString(),
    pending_visits: row.visitedAt === null,
  };
}

/**
 * A user's bell (issue 15): the alerts newest first, the badge's count (alerts created since the panel was last
 * opened), opening the panel, and a click marking one alert visited. Every read and write is the user's own:
 * another user's alert id is not found.
 */
@Injectable()
export class AlertsService {
  constructor(@Inject(DB) private readonly db: Db<typeof schema>) {}

  async list(userId: string, offset: number, limit: number): Promise<AlertList> {
    const mine = eq(alerts.userId, userId);
    // (user, created_at desc, id desc) is the index: the page and the count read only the user's entries
    const [rows, [total]] = await Promise.all([
      this.db.select().from(alerts).where(mine).orderBy(desc(alerts.createdAt), desc(alerts.id)).offset(offset).limit(limit),
      this.db.select({ n: count() }).from(alerts).where(mine),
    ]);
    return listResponse(rows.map(alertOf), Number(total?.n ?? 0));
  }

  async pending(userId: string): Promise<AlertPending> {
    const seenAt = sql`coalesce((select ${alertReads.seenAt} from ${alertReads} where ${alertReads.userId} = ${userId}), '-infinity'::timestamptz)`;
    const [row] = await this.db
      .select({ n: count() })
      .from(alerts)
      .where(and(eq(alerts.userId, userId), gt(alerts.createdAt, seenAt)));
    return { pending: Number(row?.n ?? 0) };
  }

  /** Opening the panel: what was created until now is seen. A later (or repeated) call never moves it back. */
  async seen(userId: string): Promise<AlertPending> {
    await this.db
      .insert(alertReads)
      .values({ userId, seenAt: sql`now()` })
      .onConflictDoUpdate({ target: alertReads.userId, set: { seenAt: sql`greatest(${alertReads.seenAt}, excluded.seen_at)` } });
    return { pending: 0 };
  }

  /** The first click stamps visited_at; a later one keeps that first time. */
  async visit(userId: string, id: string): Promise<Alert> {
    const [row] = await this.db
      .update(alerts)
      .set({ visitedAt: sql`coalesce(${alerts.visitedAt}, now())` })
      .where(and(eq(alerts.id, id), eq(alerts.userId, userId)))
      .returning();
    if (!row) throw new NotFoundError('No such alert', AlertErrorCodes.alertNotFound);
    return alertOf(row);
  }
}
