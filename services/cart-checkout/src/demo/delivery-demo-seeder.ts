import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { inArray } from 'drizzle-orm';
import { BENCH_SUPPLIERS, DEMO, MEXICAN_STATES, PAYMENT_TYPES, benchShopOwnerId, benchSupplierId } from '@vitrina/contracts';
import { LOGGER, TransactionRunner, type Tx } from '@vitrina/platform';
import type { Logger } from 'pino';
import { supplierNames, supplierSettings } from '../db/delivery-schema.js';
import { DELIVERY_CONFIG, type DeliveryConfig } from '../delivery/delivery.config.js';
import type { SettingsDocument } from '../delivery/domain/settings-document.js';
import { saveSettings } from '../delivery/settings/supplier-settings.repository.js';

const { users } = DEMO;

/** States of the "near" zone of the demo's couriers (centre of the country); the rest is the "far" zone. */
const NEAR = ['CMX', 'MEX', 'HID', 'MOR', 'PUE', 'TLA', 'QUE', 'GUA'];

/**
 * What every demo seller gets (issue 11 'Done when': demo suppliers configured with every payment type and both
 * delivery kinds): every payment type, fixed shipping $99.00 in 3 days, rate zones for all 32 states from two
 * carriers (a cheaper, slower one and an express one; Mexico City's 01-16 postal codes cheaper still) and two
 * pickup branches.
 */
export function demoSettings(seller: number): SettingsDocument {
  const far = MEXICAN_STATES.map((s) => s.code).filter((c) => !NEAR.includes(c));
  const id = (name: string) => `demo-${name}`;
  return {
    enabledPaymentTypes: [...PAYMENT_TYPES],
    fixedShippingCostMinor: 9900,
    fixedShippingDays: 3,
    scheduledDelivery: false,
    rateZones: [
      {
        id: id('estafeta-cdmx'),
        name: 'Terrestre CDMX',
        carrier: 'Estafeta',
        states: [],
        postalPrefixes: ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '13', '14', '15', '16'],
        priceMinor: 7900,
        days: 2,
      },
      { id: id('estafeta-centro'), name: 'Terrestre', carrier: 'Estafeta', states: NEAR, postalPrefixes: [], priceMinor: 11900, days: 3 },
      { id: id('estafeta-nacional'), name: 'Terrestre', carrier: 'Estafeta', states: far, postalPrefixes: [], priceMinor: 16900, days: 5 },
      { id: id('dhl-centro'), name: 'Express', carrier: 'DHL', states: NEAR, postalPrefixes: [], priceMinor: 21900, days: 1 },
      { id: id('dhl-nacional'), name: 'Express', carrier: 'DHL', states: far, postalPrefixes: [], priceMinor: 28900, days: 2 },
    ],
    branches: [
      {
        id: id(`branch-${seller}-centro`),
        name: 'Sucursal Centro',
        address: 'Av. Madero 12, Centro, 06000 Cuauhtémoc, CDMX',
        phone: '5512345678',
        state: 'CMX',
        postalCode: '06000',
      },
      {
        id: id(`branch-${seller}-gdl`),
        name: 'Sucursal Guadalajara',
        address: 'Av. Juárez 450, Centro, 44100 Guadalajara, Jal.',
        phone: '3312345678',
        state: 'JAL',
        postalCode: '44100',
      },
    ],
  };
}

/**
 * Seeds the demo world's delivery part at start (SEED_DEMO, never in production), idempotently: settings and
 * names of the demo's sellers (suppliers A and B, and the shop owners, who sell dropshipped items in their shops)
 * only where none exist, so a seller's own edits survive restarts. With SEED_BENCH_ITEMS, the benchmark's
 * suppliers and shop owners too.
 */
@Injectable()
export class DeliveryDemoSeeder implements OnApplicationBootstrap {
  constructor(
    private readonly tx: TransactionRunner,
    @Inject(DELIVERY_CONFIG) private readonly config: DeliveryConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo) return;
    const started = Date.now();
    const sellers: Array<{ id: string; name: string }> = [
      users.supplierA,
      users.supplierB,
      users.demoOwner,
      users.reseller,
      users.otherOwner,
    ].map((u) => ({ id: u.id, name: u.name }));
    if (this.config.benchItems > 0) {
      for (let n = 1; n <= BENCH_SUPPLIERS; n++) sellers.push({ id: benchSupplierId(n), name: `Proveedor de prueba ${n}` });
      for (let n = 1; n <= this.config.benchShops; n++) sellers.push({ id: benchShopOwnerId(n), name: `Tienda de prueba ${n}` });
    }
    const seeded = await this.seed(sellers);
    this.logger.info({ sellers: seeded, ms: Date.now() - started }, 'demo delivery settings seeded');
  }

  /** Settings and names for sellers that have none; returns how many got settings. */
  async seed(sellers: Array<{ id: string; name: string }>): Promise<number> {
    return this.tx.run(async (tx: Tx) => {
      await tx
        .insert(supplierNames)
        .values(sellers.map((s) => ({ userId: s.id, name: s.name })))
        .onConflictDoNothing();
      const existing = await tx
        .select({ id: supplierSettings.supplierId })
        .from(supplierSettings)
        .where(
          inArray(
            supplierSettings.supplierId,
            sellers.map((s) => s.id),
          ),
        );
      const have = new Set(existing.map((r) => r.id));
      let count = 0;
      for (const [i, s] of sellers.entries()) {
        if (have.has(s.id)) continue;
        await saveSettings(tx, s.id, demoSettings(i + 1));
        count++;
      }
      return count;
    });
  }
}
