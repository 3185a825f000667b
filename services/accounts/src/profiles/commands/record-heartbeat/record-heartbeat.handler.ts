import { Inject, Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import type { HeartbeatResponse } from '@vitrina/contracts';
import { DB, NotFoundError } from '@vitrina/platform';
import { users } from '../../../db/schema.js';
import type { AccountsDb } from '../../../db/db.js';
import { Clock } from '../../../shared/clock.js';

/** spec 2 §4: clients beat every 300 000 ms; a user is online while the last beat is within 5 minutes. */
@Injectable()
export class RecordHeartbeatHandler {
  constructor(
    @Inject(DB) private readonly db: AccountsDb,
    private readonly clock: Clock,
  ) {}

  async execute(userId: string): Promise<HeartbeatResponse> {
    const now = this.clock.now();
    // A single statement: no transaction, no outbox (a heartbeat is not a business fact anyone consumes).
    const updated = await this.db
      .update(users)
      .set({ heartbeatAt: now })
      .where(and(eq(users.id, userId), eq(users.status, 'active')))
      .returning({ id: users.id });
    if (updated.length === 0) throw new NotFoundError('The profile does not exist');
    return { date: now.toISOString(), online: true };
  }
}
