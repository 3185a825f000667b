import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { benchItemId, benchItemType, benchSupplierId, benchSupplierOfItem } from '@vitrina/contracts';
import { LOGGER, TransactionRunner, type Tx } from '@vitrina/platform';
import type { Logger } from 'pino';
import { items } from '../db/schema.js';
import { DELIVERY_CONFIG, type DeliveryConfig } from '../delivery/delivery.config.js';

/** The catalogue's words for the benchmark items' names (catalogue demo-seeder `seedBench`), so carts show the same names. */
const WORDS = ['cafe', 'barro', 'telar', 'plata', 'madera', 'vidrio', 'palma', 'lana', 'cobre', 'piel', 'chocolate', 'miel'];

/**
 * SEED_BENCH_ITEMS (with SEED_DEMO, never in production): the item projection of the benchmark world, written from the
 * shared plan (contracts: catalogue-demo.ts) like the store's side, because the catalogue bulk-loads those items without
 * events. Revision 0, so any later `catalogue.item` event of an item replaces its row. Without it the cart benchmarks
 * (bench/run.mjs cart-add, cart-read) answer 404 item_not_found.
 */
@Injectable()
export class BenchItemsSeeder implements OnApplicationBootstrap {
  constructor(
    private readonly tx: TransactionRunner,
    @Inject(DELIVERY_CONFIG) private readonly config: DeliveryConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo || this.config.benchItems === 0) return;
    const started = Date.now();
    const photos = (process.env.DEMO_PHOTOS_BASE_URL ?? '/api/catalogue/demo-photos').replace(/\/+$/, '');
    const count = this.config.benchItems;
    for (let start = 1; start <= count; start += 500) {
      const rows: (typeof items.$inferInsert)[] = [];
      for (let n = start; n < Math.min(count + 1, start + 500); n++) {
        const pick = (salt: number) => WORDS[(Math.imul(n ^ salt, 2654435761) >>> 0) % WORDS.length];
        rows.push({
          itemId: benchItemId(n),
          ownerId: benchSupplierId(benchSupplierOfItem(n)),
          type: benchItemType(n),
          name: `${pick(1)} ${pick(2)} ${n}`,
          slug: `bench-${n}`,
          listState: 'published',
          isDropshipping: true,
          priceMinor: 1000 + ((n * 7919) % 500_000),
          available: 10,
          photo: `${photos}/bench-${n % 50}.jpg`,
          revision: 0,
        });
      }
      await this.tx.run((tx: Tx) => tx.insert(items).values(rows).onConflictDoNothing());
    }
    await this.tx.run((tx: Tx) => tx.execute(sql`analyze ${items}`));
    this.logger.info({ items: count, ms: Date.now() - started }, 'benchmark item projection seeded');
  }
}
