import { Inject, Injectable } from '@nestjs/common';
import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { formatMinorUnits, type CheckoutDeliveryOptions } from '@vitrina/contracts';
import { DB, type Db, withCompiledRows } from '@vitrina/platform';
import type * as schema from '../db/schema.js';
import { supplierNames, supplierSettings } from '../db/delivery-schema.js';
import { NO_DELIVERY_OPTIONS } from '../checkout/checkout.view.js';
import { isConfigured } from './domain/supplier-settings.rules.js';

/** What a cart order needs to know about its supplier (issue 11: is_configured, supplier_info, dssupplier_info). */
export interface SupplierConfiguration {
  isConfigured: boolean;
  takesPayment: boolean;
  ships: boolean;
  enabledPaymentTypes: string[];
  fixedShipping: { costMinor: number; days: number; currency: string } | null;
  /** What a checkout shipped by this supplier offers (its `delivery_options`), so creating one needs no second read. */
  delivery: CheckoutDeliveryOptions;
  /** The supplier's display name ('' when unknown). */
  name: string;
}

/** Settings and display name of one supplier as `configurationColumns` select them (all null: no settings, no name). */
export interface ConfigurationRow {
  supplierId: string | null;
  enabledPaymentTypes: string[] | null;
  fixedShippingCostMinor: number | null;
  fixedShippingDays: number | null;
  currency: string | null;
  scheduledDelivery: boolean | null;
  rateZoneCount: number | null;
  branchCount: number | null;
  name: string | null;
}

/**
 * What a cart order needs of a supplier's settings and name, for a select that joins `settings` and `names` (the
 * tables or aliases of them) on the supplier's id: the rate zones and branches only as counts, so a cart read does not
 * carry and parse a supplier's whole delivery setup. The cart reads join it beside their lines (one statement for the
 * whole cart, issue 11); `configurations` reads it by ids.
 */
export function configurationColumns(
  settings: Record<keyof Pick<typeof supplierSettings.$inferSelect, SettingsColumn>, AnyColumn>,
  names: { name: AnyColumn | SQL },
) {
  return {
    supplierId: sql<string | null>`${settings.supplierId}`,
    enabledPaymentTypes: sql<string[] | null>`${settings.enabledPaymentTypes}`,
    fixedShippingCostMinor: sql<number | null>`${settings.fixedShippingCostMinor}`,
    fixedShippingDays: sql<number | null>`${settings.fixedShippingDays}`,
    currency: sql<string | null>`${settings.currency}`,
    scheduledDelivery: sql<boolean | null>`${settings.scheduledDelivery}`,
    rateZoneCount: sql<number | null>`jsonb_array_length(${settings.rateZones})`,
    branchCount: sql<number | null>`jsonb_array_length(${settings.branches})`,
    name: sql<string | null>`${names.name}`,
  } satisfies { [K in keyof ConfigurationRow]: unknown };
}

type SettingsColumn =
  | 'supplierId'
  | 'enabledPaymentTypes'
  | 'fixedShippingCostMinor'
  | 'fixedShippingDays'
  | 'currency'
  | 'scheduledDelivery'
  | 'rateZones'
  | 'branches';

/** A supplier's configuration from its joined row; without settings it is not configured. */
export function configurationOf(row: ConfigurationRow | null | undefined): SupplierConfiguration {
  const name = row?.name ?? '';
  if (!row || row.supplierId === null || row.enabledPaymentTypes === null) {
    return {
      isConfigured: false,
      takesPayment: false,
      ships: false,
      enabledPaymentTypes: [],
      fixedShipping: null,
      delivery: NO_DELIVERY_OPTIONS,
      name,
    };
  }
  const facts = {
    enabledPaymentTypes: row.enabledPaymentTypes,
    fixedShippingCostMinor: row.fixedShippingCostMinor,
    fixedShippingDays: row.fixedShippingDays,
    rateZoneCount: row.rateZoneCount ?? 0,
    branchCount: row.branchCount ?? 0,
  };
  const fixed = facts.fixedShippingCostMinor !== null && facts.fixedShippingDays !== null;
  const currency = row.currency ?? 'MXN';
  return {
    isConfigured: isConfigured(facts),
    takesPayment: facts.enabledPaymentTypes.length > 0,
    ships: fixed || facts.rateZoneCount > 0 || facts.branchCount > 0,
    enabledPaymentTypes: [...facts.enabledPaymentTypes],
    fixedShipping: fixed ? { costMinor: facts.fixedShippingCostMinor!, days: facts.fixedShippingDays!, currency } : null,
    delivery: {
      fixed: fixed
        ? {
            price: formatMinorUnits(facts.fixedShippingCostMinor!),
            price_minor: facts.fixedShippingCostMinor!,
            currency,
            days: facts.fixedShippingDays!,
          }
        : null,
      scheduled: fixed && row.scheduledDelivery === true,
      broker: facts.rateZoneCount > 0,
      pickup: facts.branchCount > 0,
    },
    name,
  };
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
    this.bySuppliers = withCompiledRows(
      db
        .select({ id: sql<string>`ids.id`, config: configurationColumns(supplierSettings, supplierNames) })
        .from(sql`unnest(${sql.placeholder('ids')}::text[]) as ids(id)`)
        .leftJoin(supplierSettings, eq(supplierSettings.supplierId, sql`ids.id`))
        .leftJoin(supplierNames, eq(supplierNames.userId, sql`ids.id`))
        .prepare('cart_checkout_supplier_configurations'),
    );
  }

  /** Settings of several suppliers at once; a supplier without settings is not configured. */
  async configurations(supplierIds: string[]): Promise<Map<string, SupplierConfiguration>> {
    const ids = [...new Set(supplierIds)];
    const result = new Map<string, SupplierConfiguration>();
    if (ids.length === 0) return result;
    for (const row of await this.bySuppliers.execute({ ids })) result.set(row.id, configurationOf(row.config));
    return result;
  }
}
