import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { SupplierSettingsSchema, type SupplierSettings } from '@vitrina/contracts';
import { DB, TransactionRunner, newId, type Db, type Tx } from '@vitrina/platform';
import type * as schema from '../../db/schema.js';
import { supplierSettings } from '../../db/delivery-schema.js';
import { formatMinor } from '../domain/money.js';
import { settingsDocument, type SettingsDocument } from '../domain/settings-document.js';
import { isConfigured, type SettingsInput } from '../domain/supplier-settings.rules.js';

export type SupplierSettingsRow = typeof supplierSettings.$inferSelect;

const EMPTY: Omit<SupplierSettingsRow, 'supplierId' | 'updatedAt'> = {
  enabledPaymentTypes: [],
  fixedShippingCostMinor: null,
  fixedShippingDays: null,
  scheduledDelivery: false,
  currency: 'MXN',
  rateZones: [],
  branches: [],
  revision: 0,
};

/** A supplier's settings as the API shows them (a supplier who never saved any gets the empty, unconfigured ones). */
export function toSupplierSettings(supplierId: string, row: SupplierSettingsRow | undefined): SupplierSettings {
  const s = row ?? { ...EMPTY, supplierId, updatedAt: new Date(0) };
  return SupplierSettingsSchema.parse({
    supplier_id: supplierId,
    enabled_payment_types: s.enabledPaymentTypes,
    fixed_shipping_cost: s.fixedShippingCostMinor === null ? null : formatMinor(s.fixedShippingCostMinor),
    fixed_shipping_cost_minor: s.fixedShippingCostMinor,
    fixed_shipping_days: s.fixedShippingDays,
    scheduled_delivery: s.scheduledDelivery,
    currency: s.currency,
    rate_zones: s.rateZones.map((z) => ({
      id: z.id,
      name: z.name,
      carrier: z.carrier,
      states: z.states,
      postal_prefixes: z.postalPrefixes,
      price: formatMinor(z.priceMinor),
      price_minor: z.priceMinor,
      days: z.days,
    })),
    branches: s.branches.map((b) => ({
      id: b.id,
      name: b.name,
      address: b.address,
      phone: b.phone,
      state: b.state,
      postal_code: b.postalCode,
    })),
    is_configured: isConfigured({ ...s, rateZoneCount: s.rateZones.length, branchCount: s.branches.length }),
  });
}

/** Reads and saves supplier settings. */
@Injectable()
export class SupplierSettingsRepository {
  constructor(
    @Inject(DB) private readonly db: Db<typeof schema>,
    private readonly tx: TransactionRunner,
  ) {}

  async find(supplierId: string): Promise<SupplierSettingsRow | undefined> {
    const [row] = await this.db.select().from(supplierSettings).where(eq(supplierSettings.supplierId, supplierId)).limit(1);
    return row;
  }

  async get(supplierId: string): Promise<SupplierSettings> {
    return toSupplierSettings(supplierId, await this.find(supplierId));
  }

  /** PUT: validates the whole document (nothing saved on a refusal) and replaces what was there. */
  async replace(supplierId: string, input: SettingsInput): Promise<SupplierSettings> {
    const doc = settingsDocument(input, newId);
    const row = await this.tx.run((tx) => saveSettings(tx, supplierId, doc));
    return toSupplierSettings(supplierId, row);
  }
}

/** Upsert of a settings document (also used by the demo seed); `revision` grows with every save. */
export async function saveSettings(tx: Tx, supplierId: string, doc: SettingsDocument): Promise<SupplierSettingsRow> {
  const values = { ...doc, currency: 'MXN' };
  const [row] = await tx
    .insert(supplierSettings)
    .values({ supplierId, ...values })
    .onConflictDoUpdate({
      target: supplierSettings.supplierId,
      set: { ...values, revision: sql`${supplierSettings.revision} + 1`, updatedAt: sql`now()` },
    })
    .returning();
  return row;
}
