import { Inject, Injectable } from '@nestjs/common';
import { OrderErrorCodes, type Attendant } from '@vitrina/contracts';
import { DB, DomainError, ValidationError, type Db } from '@vitrina/platform';
import { and, eq, isNull } from 'drizzle-orm';
import * as schema from '../../db/schema.js';
import { attendeeProblems, cleanName, cleanPhone } from '../domain/attendee.rules.js';
import { AttendantQueries } from '../queries/attendant.queries.js';

/**
 * The customer corrects a ticket's attendee (spec 3 §2 'My tickets and attendee update': name and phone). A used
 * ticket is history and stays as it was scanned: the update is one conditional UPDATE on `used_at is null`, so a
 * scan racing the edit either comes first (409 ticket_already_used) or checks in the edited ticket.
 */
@Injectable()
export class UpdateAttendantHandler {
  constructor(
    @Inject(DB) private readonly db: Db<typeof schema>,
    private readonly queries: AttendantQueries,
  ) {}

  async update(userId: string, orderId: string, attendantId: string, change: { full_name?: string; phone?: string }): Promise<Attendant> {
    const problems = attendeeProblems(change);
    if (Object.keys(problems).length > 0) throw new ValidationError('The attendee is not valid', problems);
    const current = await this.queries.row(userId, orderId, attendantId);
    const set: Partial<typeof schema.attendants.$inferInsert> = {};
    if (change.full_name !== undefined) set.fullName = cleanName(change.full_name);
    if (change.phone !== undefined) set.phone = cleanPhone(change.phone);
    if (current.usedAt) throw usedError();
    if (Object.keys(set).length === 0) return this.queries.view(current);
    const [updated] = await this.db
      .update(schema.attendants)
      .set(set)
      .where(and(eq(schema.attendants.id, current.id), isNull(schema.attendants.usedAt)))
      .returning();
    if (!updated) throw usedError();
    return this.queries.view(updated);
  }
}

function usedError(): DomainError {
  return new DomainError(OrderErrorCodes.ticketAlreadyUsed, 'This ticket was already used: its attendee cannot change', 409);
}
