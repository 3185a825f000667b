import { Inject, Injectable } from '@nestjs/common';
import { OrderErrorCodes, type CheckInResult } from '@vitrina/contracts';
import { DB, DomainError, ForbiddenError, type AuthUser, type Db } from '@vitrina/platform';
import { and, eq, isNull } from 'drizzle-orm';
import * as schema from '../../db/schema.js';
import { OrdersClock } from '../../shared/clock.js';
import { mayCheckIn } from '../domain/check-in.rules.js';
import { AttendantQueries } from '../queries/attendant.queries.js';
import { TicketSigner } from '../ticket-signer.js';

/**
 * A scan at the door (spec 3 §2, issue 13 'check-in by scanning the QR'): the code's MAC first (a forged or altered
 * code is 422 ticket_invalid, whoever scans it), then the scanner's right (403 not_qr_reader), then one conditional
 * UPDATE ... WHERE used_at IS NULL: of two racing scans exactly one checks the ticket in, the other reads it used.
 */
@Injectable()
export class CheckInHandler {
  constructor(
    @Inject(DB) private readonly db: Db<typeof schema>,
    private readonly signer: TicketSigner,
    private readonly queries: AttendantQueries,
    private readonly clock: OrdersClock,
  ) {}

  async checkIn(user: Pick<AuthUser, 'id' | 'keychain'>, code: string): Promise<CheckInResult> {
    const id = this.signer.verify(code);
    if (!id) throw invalid();
    const [row] = await this.db.select().from(schema.attendants).where(eq(schema.attendants.id, id));
    // a genuine code whose ticket is gone (its order deleted): as invalid as a forged one
    if (!row) throw invalid();
    if (!mayCheckIn(user, row)) {
      throw new ForbiddenError('Only the experience’s supplier or a QR reader can check tickets in', OrderErrorCodes.notQrReader);
    }
    const [used] = await this.db
      .update(schema.attendants)
      .set({ usedAt: this.clock.now(), usedBy: user.id })
      .where(and(eq(schema.attendants.id, id), isNull(schema.attendants.usedAt)))
      .returning();
    if (used) return { status: 'checked_in', attendant: this.queries.view(used) };
    const [now] = await this.db.select().from(schema.attendants).where(eq(schema.attendants.id, id));
    return { status: 'already_used', attendant: this.queries.view(now ?? row) };
  }
}

function invalid(): DomainError {
  return new DomainError(OrderErrorCodes.ticketInvalid, 'This is not a valid ticket', 422);
}
