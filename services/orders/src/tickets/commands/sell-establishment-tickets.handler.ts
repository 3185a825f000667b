import { Injectable } from '@nestjs/common';
import { OrderEvents, type AttendantList, type OrderPlacedEvent } from '@vitrina/contracts';
import { newId, Outbox, TransactionRunner, ValidationError } from '@vitrina/platform';
import { asc, eq } from 'drizzle-orm';
import * as schema from '../../db/schema.js';
import { OrdersClock } from '../../shared/clock.js';
import { attendeeProblems, cleanName, cleanPhone } from '../domain/attendee.rules.js';
import { AttendantQueries } from '../queries/attendant.queries.js';
import { TicketIssuer } from '../ticket-issuer.js';

export interface EstablishmentSale {
  itemId: string;
  itemName: string;
  experienceDate?: string;
  type: 'sale_in_establishment' | 'courtesy';
  attendees: { full_name: string; phone: string }[];
  unitPriceMinor?: number;
  currency?: string;
  shopId?: string;
  shopSlug?: string;
  shopName?: string;
  supplierName?: string;
}

/**
 * Tickets the supplier hands out itself (spec 3 §3 'creation types include sale in establishment and courtesy'; §6
 * 'Establishment seller: creates tickets by sale in establishment'): one order (payment_type `establishment` or
 * `courtesy`, flags in_store / courtesy) with one experience line and its tickets, in one transaction with its
 * history entry and `orders.order.placed`.
 *
 * The order is born `delivered`: it was paid (or given) at the counter and there is nothing left to fulfil, so it
 * shows in the seller's list as done and no step of the transition table applies to it; the tickets still wait for
 * the door. Its customer is the seller itself (the attendees have no account here), so 'Mis boletos' and the
 * downloads work for the seller to print or send the tickets. The checkout id is synthetic (`est_<uuid>`) to keep
 * one order per checkout. No return deadline is set (a counter sale is returned at the counter), and the catalogue
 * is not asked whether the item is the seller's (the item id is the seller's word; see the README's gaps).
 */
@Injectable()
export class SellEstablishmentTicketsHandler {
  constructor(
    private readonly runner: TransactionRunner<typeof schema>,
    private readonly outbox: Outbox,
    private readonly issuer: TicketIssuer,
    private readonly queries: AttendantQueries,
    private readonly clock: OrdersClock,
  ) {}

  async sell(sellerId: string, sale: EstablishmentSale): Promise<AttendantList> {
    refuseInvalid(sale);
    const now = this.clock.now();
    const courtesy = sale.type === 'courtesy';
    const units = sale.attendees.length;
    const unit = courtesy ? 0 : (sale.unitPriceMinor ?? 0);
    const attendees = sale.attendees.map((a) => ({ full_name: cleanName(a.full_name), phone: cleanPhone(a.phone) }));
    const itemName = cleanName(sale.itemName);
    const orderId = newId();
    const rows = await this.runner.run(async (tx) => {
      const [order] = await tx
        .insert(schema.orders)
        .values({
          id: orderId,
          checkoutId: `est_${newId()}`,
          userId: sellerId,
          shopId: sale.shopId ?? sellerId,
          shopSlug: sale.shopSlug ?? '',
          shopName: sale.shopName ?? '',
          shopOwnerId: sellerId,
          supplierId: sellerId,
          supplierName: sale.supplierName ?? sale.shopName ?? '',
          state: 'delivered',
          paymentType: courtesy ? 'courtesy' : 'establishment',
          prepaid: true,
          deliveryType: 'none',
          currency: sale.currency ?? 'MXN',
          subtotalMinor: unit * units,
          totalMinor: unit * units,
          courtesy,
          inStore: !courtesy,
          contact: { name: attendees[0].full_name, email: '', phone: attendees[0].phone, phone_country: '' },
          attendees,
          summary: itemName,
          itemsCount: units,
          deliveredAt: now,
          placedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const lines = await tx
        .insert(schema.orderLines)
        .values({
          orderId,
          lineId: 'l1',
          position: 0,
          itemId: sale.itemId,
          name: itemName,
          type: 'experience',
          slug: '',
          ownerId: sellerId,
          quantity: units,
          unitPriceMinor: unit,
          experienceDate: sale.experienceDate ? new Date(sale.experienceDate) : null,
        })
        .returning();
      await tx.insert(schema.orderTransitions).values({
        orderId,
        fromState: null,
        toState: 'delivered',
        action: 'place',
        actor: 'supplier',
        actorId: sellerId,
        at: now,
      });
      await this.issuer.issue(tx, order, lines, attendees, sale.type);
      await this.outbox.add(tx, {
        type: OrderEvents.placed,
        key: orderId,
        shopId: order.shopId,
        actorId: sellerId,
        data: {
          orderId,
          checkoutId: order.checkoutId,
          userId: sellerId,
          shopId: order.shopId,
          supplierId: sellerId,
          dssupplierId: null,
          state: 'delivered',
          paymentType: courtesy ? 'courtesy' : 'establishment',
          prepaid: true,
          totalMinor: order.totalMinor,
          currency: order.currency,
          lines: lines.map((l) => ({ lineId: l.lineId, itemId: l.itemId, quantity: l.quantity, unitPriceMinor: l.unitPriceMinor })),
        } satisfies OrderPlacedEvent,
      });
      return tx.select().from(schema.attendants).where(eq(schema.attendants.orderId, orderId)).orderBy(asc(schema.attendants.position));
    });
    return { results: rows.map((r) => this.queries.view(r)), matches_estimated: rows.length };
  }
}

/** Every attendee named and reachable; a courtesy costs nothing (400 `validation_failed` with the fields). */
function refuseInvalid(sale: EstablishmentSale): void {
  const fields: Record<string, string[]> = {};
  sale.attendees.forEach((a, i) => {
    for (const [field, problems] of Object.entries(attendeeProblems(a))) fields[`attendees.${i}.${field}`] = problems;
  });
  if (!cleanName(sale.itemName)) fields.item_name = ['item_name must not be empty'];
  if (sale.experienceDate !== undefined) {
    // a date the database can hold (PostgreSQL has no year 0, JavaScript does)
    const year = new Date(sale.experienceDate).getUTCFullYear();
    if (!(year >= 1970 && year <= 9999)) fields.experience_date = ['experience_date must be a date between 1970 and 9999'];
  }
  if (sale.type === 'courtesy' && (sale.unitPriceMinor ?? 0) > 0) fields.unit_price_minor = ['a courtesy ticket is free'];
  if (Object.keys(fields).length > 0) throw new ValidationError('The tickets are not valid', fields);
}
