import { Inject, Injectable } from '@nestjs/common';
import type { OrderInvoicing } from '@vitrina/contracts';
import { DB, type Db } from '@vitrina/platform';
import { eq } from 'drizzle-orm';
import * as schema from '../db/schema.js';
import { OrderAccess, type OrderRow } from '../orders/order-access.js';
import { OrdersClock } from '../shared/clock.js';
import { invoicingOf, type InvoicingInput } from './domain/invoicing.rules.js';
import { receiptPdf } from './receipt/receipt.pdf.js';

/** The order's invoicing data (the customer sets it) and its receipt (the customer and the seller download it). */
@Injectable()
export class InvoicingService {
  constructor(
    @Inject(DB) private readonly db: Db<typeof schema>,
    private readonly access: OrderAccess,
    private readonly clock: OrdersClock,
  ) {}

  async set(userId: string, orderId: string, input: InvoicingInput): Promise<OrderInvoicing> {
    const order = await this.access.as('customer', orderId, userId);
    const invoicing = invoicingOf(input);
    await this.db.update(schema.orders).set({ invoicing, updatedAt: this.clock.now() }).where(eq(schema.orders.id, order.id));
    return invoicing;
  }

  async customerReceipt(userId: string, orderId: string): Promise<Uint8Array> {
    return this.receipt(await this.access.as('customer', orderId, userId));
  }

  async sellerReceipt(userId: string, orderId: string): Promise<Uint8Array> {
    const { order } = await this.access.seller(orderId, userId);
    return this.receipt(order);
  }

  private async receipt(order: OrderRow): Promise<Uint8Array> {
    return receiptPdf({ order, lines: await this.access.lines(order.id), now: this.clock.now() });
  }
}
