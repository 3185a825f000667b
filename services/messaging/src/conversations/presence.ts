import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { ConversationLimits } from '@vitrina/contracts';
import { DB, type Db } from '@vitrina/platform';
import { presence } from '../db/schema.js';
import type * as schema from '../db/schema.js';

/** Online (spec 2 §4 'Online'): a heartbeat, or an open live stream, within ConversationLimits.onlineWithinMs. */
export function isOnline(heartbeatAt: Date | null | undefined, now: Date = new Date()): boolean {
  return !!heartbeatAt && now.getTime() - heartbeatAt.getTime() < ConversationLimits.onlineWithinMs;
}

/** When each user was last seen in the inbox: the heartbeat route and every open live stream write it. */
@Injectable()
export class Presence {
  constructor(@Inject(DB) private readonly db: Db<typeof schema>) {}

  /** The user is here now; answers the time written. */
  async touch(userId: string, at: Date = new Date()): Promise<Date> {
    await this.touchMany([userId], at);
    return at;
  }

  /** Several users are here now (the live streams' ping): one statement per 500 users. */
  async touchMany(userIds: readonly string[], at: Date = new Date()): Promise<void> {
    for (let i = 0; i < userIds.length; i += 500) {
      await this.db
        .insert(presence)
        .values(userIds.slice(i, i + 500).map((userId) => ({ userId, heartbeatAt: at })))
        .onConflictDoUpdate({
          target: presence.userId,
          set: { heartbeatAt: sql`greatest(${presence.heartbeatAt}, excluded.heartbeat_at)` },
        });
    }
  }
}
