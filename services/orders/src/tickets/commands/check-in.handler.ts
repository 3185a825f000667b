import { Inject, Injectable } from '@nestjs/common';
import { CANCELLED_ORDER_STATES, OrderErrorCodes, type CheckInResult, type OrderState } from '@vitrina/contracts';
import { DB, DomainError, ForbiddenError, type AuthUser, type Db } from '@vitrina/platform';
import { and, eq, isNull } from 'drizzle-orm';
import * as schema from '../../db/schema.js';
import { OrdersClock } from '../../shared/clock.js';
import { mayCheckIn } from '../domain/check-in.rules.js';
import { AttendantQueries } from '../queries/attendant.queries.js';
import { TicketSigner } from '../ticket-signer.js';

/**
 * A scan at the door (spec 3 §2, issue 13 'check-in by scanning the QR'): the code's MAC first (a forged or altered
 * code is 422 ticket_invalid, whoever scans it), then the scanner's right (403 not_qr_reader), then the order (a
 * cancelled one's tickets are 409 order_already_cancelled), then one conditional
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

  async checkIn(user: Pick<AuthUser, 'id' | 'collaborations'>, code: string): Promise<CheckInResult> {
    const id = this.signer.verify(code);
    if (!id) throw invalid();
    const [row] = await this.db.select().from(schema.attendants).where(eq(schema.attendants.id, id));
    // a genuine code whose ticket is gone (its order deleted): as invalid as a forged one
    if (!row) throw invalid();
    if (!mayCheckIn(user, row)) {
      throw new ForbiddenError('Only the experience’s supplier or a QR reader can check tickets in', OrderErrorCodes.notQrReader);
    }
    // a cancelled (and refunded) order's tickets admit no one
    const [order] = await this.db.select({ state: schema.orders.state }).from(schema.orders).where(eq(schema.orders.id, row.orderId));
    if (order && CANCELLED_ORDER_STATES.includes(order.state as OrderState)) {
      throw new DomainError(OrderErrorCodes.alreadyCancelled, 'The order of this ticket was cancelled', 409);
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
