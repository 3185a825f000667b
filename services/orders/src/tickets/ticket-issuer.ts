import { Injectable } from '@nestjs/common';
import type { CheckoutAttendee } from '@vitrina/contracts';
import { newId, type Tx } from '@vitrina/platform';
import * as schema from '../db/schema.js';
import type { OrderLineRow, OrderRow } from '../orders/order-access.js';

/**
 * Makes an order's tickets in the transaction that creates the order: one attendant per unit of each experience
 * line, named from the checkout's attendee form in order (the form has one entry per ticket).
 */
@Injectable()
export class TicketIssuer {
  async issue(
    tx: Tx<typeof schema>,
    order: Pick<OrderRow, 'id' | 'supplierId'>,
    lines: OrderLineRow[],
    attendees: CheckoutAttendee[],
    type: 'purchase' | 'sale_in_establishment' | 'courtesy' = 'purchase',
  ): Promise<number> {
    const rows: (typeof schema.attendants.$inferInsert)[] = [];
    let position = 0;
    for (const line of lines) {
      if (line.type !== 'experience') continue;
      for (let i = 0; i < line.quantity; i++) {
        const person = attendees[position];
        rows.push({
          id: newId(),
          orderId: order.id,
          lineId: line.lineId,
          itemId: line.itemId,
          itemName: line.name,
          experienceDate: line.experienceDate,
          supplierId: line.ownerId,
          fullName: person?.full_name ?? '',
          phone: person?.phone ?? '',
          type,
          position: position++,
        });
      }
    }
    if (rows.length > 0) await tx.insert(schema.attendants).values(rows);
    return rows.length;
  }
}
