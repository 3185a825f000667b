import { Inject, Injectable } from '@nestjs/common';
import {
  FINAL_ORDER_STATES,
  OrderErrorCodes,
  type NotPackedList,
  type OrderPackage,
  type OrderPacking,
  type OrderState,
} from '@vitrina/contracts';
import { DB, DomainError, TransactionRunner, type Db } from '@vitrina/platform';
import { eq } from 'drizzle-orm';
import * as schema from '../db/schema.js';
import { OrderAccess, type OrderLineRow, type OrderRow } from '../orders/order-access.js';
import { Packing, type Package, type PackableLine } from './domain/packing.js';
import { packingModelFromEnv, type PackingModel } from './domain/packing.model.js';

export const PACKING_MODEL = Symbol('PACKING_MODEL');
export const packingModelProvider = { provide: PACKING_MODEL, useFactory: () => packingModelFromEnv() };

/**
 * The dropshipping supplier's packing of an order (spec 3 §7 'Dropshipping supplier': binpacked, notpacked). Only
 * the order's dropshipping supplier (404 for anyone else). Until the supplier changes something the answer is the
 * first-fit proposal, computed on each read and stored nowhere; the first change stores the packing (the proposal
 * with the change applied). Changes run under the order row's lock, so two racing moves apply one after the other.
 */
@Injectable()
export class PackingService {
  constructor(
    @Inject(DB) private readonly db: Db<typeof schema>,
    private readonly runner: TransactionRunner<typeof schema>,
    private readonly access: OrderAccess,
    @Inject(PACKING_MODEL) private readonly model: PackingModel,
  ) {}

  async get(userId: string, orderId: string): Promise<OrderPacking> {
    const order = await this.access.as('dssupplier', orderId, userId);
    const lines = await this.access.lines(order.id);
    const rows = await this.db.select().from(schema.orderPackages).where(eq(schema.orderPackages.orderId, order.id));
    return answerOf(this.packingOf(lines, rows), lines);
  }

  async package(userId: string, orderId: string, index: number): Promise<OrderPackage> {
    const packing = await this.get(userId, orderId);
    const found = packing.packages.find((p) => p.index === index);
    if (!found) throw new DomainError(OrderErrorCodes.packageNotFound, `The order has no package ${index}`, 404);
    return found;
  }

  async notPacked(userId: string, orderId: string): Promise<NotPackedList> {
    const { not_packed } = await this.get(userId, orderId);
    return { results: not_packed, matches_estimated: not_packed.length };
  }

  /** Moves units between packages, or from / to the not-packed units (place 0). */
  move(userId: string, orderId: string, from: number, to: number, lineId: string, quantity: number): Promise<OrderPacking> {
    return this.change(userId, orderId, (p) => p.move(from, to, lineId, quantity, this.model));
  }

  async resize(
    userId: string,
    orderId: string,
    index: number,
    size: Partial<Pick<Package, 'lengthCm' | 'widthCm' | 'heightCm' | 'weightG'>>,
  ): Promise<OrderPackage> {
    const packing = await this.change(userId, orderId, (p) => p.resize(index, size));
    return packing.packages.find((p) => p.index === index)!;
  }

  private async change(userId: string, orderId: string, apply: (p: Packing) => Packing): Promise<OrderPacking> {
    const order = await this.access.as('dssupplier', orderId, userId);
    assertOpen(order);
    const lines = await this.access.lines(order.id);
    const next = await this.runner.run(async (tx) => {
      // one change at a time per order: the next one reads what this one wrote
      await tx.select({ id: schema.orders.id }).from(schema.orders).where(eq(schema.orders.id, order.id)).for('update');
      const rows = await tx.select().from(schema.orderPackages).where(eq(schema.orderPackages.orderId, order.id));
      const changed = apply(this.packingOf(lines, rows));
      await tx.delete(schema.orderPackages).where(eq(schema.orderPackages.orderId, order.id));
      if (changed.packages.length > 0) {
        await tx.insert(schema.orderPackages).values(
          changed.packages.map((p) => ({
            orderId: order.id,
            index: p.index,
            lengthCm: p.lengthCm,
            widthCm: p.widthCm,
            heightCm: p.heightCm,
            weightG: p.weightG,
            lines: p.lines,
          })),
        );
      }
      return changed;
    });
    return answerOf(next, lines);
  }

  private packingOf(lines: OrderLineRow[], rows: (typeof schema.orderPackages.$inferSelect)[]): Packing {
    const packable = packableOf(lines);
    if (rows.length === 0) return Packing.propose(packable, this.model);
    return Packing.of(
      packable,
      rows.map((r) => ({
        index: r.index,
        lengthCm: r.lengthCm,
        widthCm: r.widthCm,
        heightCm: r.heightCm,
        weightG: r.weightG,
        lines: r.lines,
      })),
    );
  }
}

/** Only products travel in boxes: services, experiences and digital items are not packed. */
function packableOf(lines: OrderLineRow[]): PackableLine[] {
  return lines.filter((l) => l.type === 'product').map((l) => ({ lineId: l.lineId, name: l.name, quantity: l.quantity }));
}

/** A delivered or cancelled order's packing no longer changes. */
function assertOpen(order: OrderRow): void {
  if (FINAL_ORDER_STATES.includes(order.state as OrderState)) {
    throw new DomainError(OrderErrorCodes.illegalTransition, 'The order is closed: its packing no longer changes', 409);
  }
}

function answerOf(packing: Packing, lines: OrderLineRow[]): OrderPacking {
  const names = new Map(lines.map((l) => [l.lineId, l.name]));
  return {
    packages: packing.packages.map((p) => ({
      index: p.index,
      length_cm: p.lengthCm,
      width_cm: p.widthCm,
      height_cm: p.heightCm,
      weight_g: p.weightG,
      lines: p.lines.map((l) => ({ line_id: l.line_id, name: names.get(l.line_id) ?? '', quantity: l.quantity })),
    })),
    not_packed: packing.notPacked().map((l) => ({ line_id: l.lineId, name: l.name, quantity: l.quantity })),
  };
}
