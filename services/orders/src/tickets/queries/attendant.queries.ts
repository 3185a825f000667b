import { Inject, Injectable } from '@nestjs/common';
import { OrderErrorCodes, OrderLimits, type Attendant, type AttendantList } from '@vitrina/contracts';
import { DB, NotFoundError, type Db } from '@vitrina/platform';
import { and, asc, count, eq } from 'drizzle-orm';
import * as schema from '../../db/schema.js';
import { OrderAccess } from '../../orders/order-access.js';
import { TicketSigner } from '../ticket-signer.js';
import { attendantOf, type AttendantRow } from './attendant.view.js';

/** The tickets of an order as its customer sees them (404 for anyone else: the order's existence is not revealed). */
@Injectable()
export class AttendantQueries {
  constructor(
    @Inject(DB) private readonly db: Db<typeof schema>,
    private readonly access: OrderAccess,
    private readonly signer: TicketSigner,
  ) {}

  /** spec 3 §7 GET /orders/{id}/attendants, offset 0 and limit 10 by default (§9: attendants page size 10). */
  async page(userId: string, orderId: string, offset = 0, limit: number = OrderLimits.attendantsPageSize): Promise<AttendantList> {
    await this.access.as('customer', orderId, userId);
    const where = eq(schema.attendants.orderId, orderId);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(schema.attendants)
        .where(where)
        .orderBy(asc(schema.attendants.position), asc(schema.attendants.id))
        .offset(offset)
        .limit(limit),
      this.db.select({ n: count() }).from(schema.attendants).where(where),
    ]);
    return { results: rows.map((r) => this.view(r)), matches_estimated: total?.n ?? 0 };
  }

  async one(userId: string, orderId: string, attendantId: string): Promise<Attendant> {
    return this.view(await this.row(userId, orderId, attendantId));
  }

  /** The row of one of the customer's tickets, or 404 (order not theirs: order_not_found; no such ticket: attendant_not_found). */
  async row(userId: string, orderId: string, attendantId: string): Promise<AttendantRow> {
    await this.access.as('customer', orderId, userId);
    const [row] = await this.db
      .select()
      .from(schema.attendants)
      .where(and(eq(schema.attendants.orderId, orderId), eq(schema.attendants.id, attendantId)));
    if (!row) throw new NotFoundError('Ticket not found', OrderErrorCodes.attendantNotFound);
    return row;
  }

  /** Every ticket of the customer's order, in order (the PDF and zip downloads). */
  async all(userId: string, orderId: string): Promise<AttendantRow[]> {
    await this.access.as('customer', orderId, userId);
    return this.db
      .select()
      .from(schema.attendants)
      .where(eq(schema.attendants.orderId, orderId))
      .orderBy(asc(schema.attendants.position), asc(schema.attendants.id));
  }

  view(row: AttendantRow): Attendant {
    return attendantOf(row, this.signer.code(row.id));
  }
}
