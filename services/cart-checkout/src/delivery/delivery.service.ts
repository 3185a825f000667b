import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { DB, type Db } from '@vitrina/platform';
import type * as schema from '../db/schema.js';
import { supplierNames, supplierSettings } from '../db/delivery-schema.js';
import { isConfigured } from './domain/supplier-settings.rules.js';

/** What a cart order needs to know about its supplier (issue 11: is_configured, supplier_info, dssupplier_info). */
export interface SupplierConfiguration {
  isConfigured: boolean;
  takesPayment: boolean;
  ships: boolean;
  enabledPaymentTypes: string[];
  fixedShipping: { costMinor: number; days: number; currency: string } | null;
  /** The supplier's display name ('' when unknown). */
  name: string;
}

/** The delivery part as the carts and checkouts of this service see it. */
@Injectable()
export class DeliveryService {
  /**
   * Settings and name of each asked supplier in one prepared statement (one parse per connection, no query building
   * per request): a row per id, its settings and name null when absent.
   */
  private readonly bySuppliers;

  constructor(@Inject(DB) db: Db<typeof schema>) {
    this.bySuppliers = db
      .select({ id: sql<string>`ids.id`, settings: supplierSettings, name: supplierNames.name })
      .from(sql`unnest(${sql.placeholder('ids')}::text[]) as ids(id)`)
      .leftJoin(supplierSettings, eq(supplierSettings.supplierId, sql`ids.id`))
      .leftJoin(supplierNames, eq(supplierNames.userId, sql`ids.id`))
      .prepare('cart_checkout_supplier_configurations');
  }

  /** Settings of several suppliers at once; a supplier without settings is not configured. */
  async configurations(supplierIds: string[]): Promise<Map<string, SupplierConfiguration>> {
    const ids = [...new Set(supplierIds)];
    const result = new Map<string, SupplierConfiguration>();
    if (ids.length === 0) return result;
    const rows = await this.bySuppliers.execute({ ids });
    const bySupplier = new Map(rows.flatMap((r) => (r.settings ? [[r.id, r.settings] as const] : [])));
    const nameOf = new Map(rows.flatMap((r) => (r.name !== null ? [[r.id, r.name] as const] : [])));
    for (const id of ids) {
      const s = bySupplier.get(id);
      result.set(id, {
        isConfigured: s ? isConfigured(s) : false,
        takesPayment: s ? s.enabledPaymentTypes.length > 0 : false,
        ships: s
          ? (s.fixedShippingCostMinor !== null && s.fixedShippingDays !== null) || s.rateZones.length > 0 || s.branches.length > 0
          : false,
        enabledPaymentTypes: s ? [...s.enabledPaymentTypes] : [],
        fixedShipping:
          s && s.fixedShippingCostMinor !== null && s.fixedShippingDays !== null
            ? { costMinor: s.fixedShippingCostMinor, days: s.fixedShippingDays, currency: s.currency }
            : null,
        name: nameOf.get(id) ?? '',
      });
    }
    return result;
  }
}
