import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { BENCH_SUPPLIERS, DEMO_ITEMS, benchItemId, benchItemType, benchSupplierId, benchSupplierOfItem } from '@vitrina/contracts';
import { LOGGER, Outbox, TransactionRunner, type Tx } from '@vitrina/platform';
import type { Logger } from 'pino';
import { POSITION_GAP } from '../catalogues/domain/order-keys.js';
import { catalogueProducts, catalogues, categories, items, shopItems, suppliers } from '../db/schema.js';
import { itemEvents } from '../items/events/item-events.js';
import { searchColumns } from '../items/item.repository.js';
import { CATALOGUE_CONFIG, type CatalogueConfig } from '../shared/config.js';
import { normaliseText, slugify } from '../shared/normalise.js';
import { DEMO_CATALOGUES, DEMO_CATEGORIES, DEMO_ITEM_DETAILS, DEMO_SUPPLIERS } from './demo-fixture.js';

const DAY = 86_400_000;

/**
 * Seeds the demo world's catalogue part at start (SEED_DEMO, never in production), idempotently: fixed ids,
 * inserts that skip what exists, `catalogue.item.created` only for items it really inserted. With
 * SEED_BENCH_ITEMS it also seeds the benchmark items (without events: the store seeds its own side).
 */
@Injectable()
export class DemoSeeder implements OnApplicationBootstrap {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly outbox: Outbox,
    @Inject(CATALOGUE_CONFIG) private readonly config: CatalogueConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo) return;
    const started = Date.now();
    const inserted = await this.seedDemo();
    if (this.config.benchItems > 0) await this.seedBench(this.config.benchItems);
    this.logger.info({ items: inserted, bench: this.config.benchItems, ms: Date.now() - started }, 'demo catalogue seeded');
  }

  async seedDemo(): Promise<number> {
    const now = Date.now();
    return this.tx.run(async (tx) => {
      await tx
        .insert(categories)
        .values(
          DEMO_CATEGORIES.map((c) => ({
            id: c.id,
            name: c.name,
            slug: slugify(c.name),
            position: c.position,
            searchName: normaliseText(c.name),
          })),
        )
        .onConflictDoNothing();
      await tx
        .insert(suppliers)
        .values(DEMO_SUPPLIERS.map((s) => ({ id: s.id, name: s.name, searchName: normaliseText(s.name) })))
        .onConflictDoNothing();
      const rows = DEMO_ITEMS.map((ref, i) => {
        const n = i + 1;
        const detail = DEMO_ITEM_DETAILS[i];
        const slug = slugify(detail.name);
        const price = Math.round(detail.price * 100);
        const isProduct = ref.type === 'product';
        const description = `${detail.name}. ${ref.supplier === 'supplierA' ? 'Hecho a mano por artesanos mexicanos' : 'Café de altura de productores mexicanos'}, ${detail.tags.join(', ')}.`;
        const values = {
          id: ref.id,
          ownerId: ref.supplier === 'supplierA' ? DEMO_SUPPLIERS[0].id : DEMO_SUPPLIERS[1].id,
          slug,
          type: ref.type,
          mainType: 'business',
          name: detail.name,
          description,
          tags: detail.tags,
          photos: [1, 2, 3].slice(0, 1 + (n % 3)).map((k) => `${this.config.demoPhotosBaseUrl}/${slug}${k > 1 ? `--${k}` : ''}.jpg`),
          listPriceMinor: price,
          // Every 4th product is on offer: the card shows the crossout price and the saving.
          crossoutPriceMinor: !detail.free && isProduct && n % 4 === 0 ? Math.round(price * 1.25) : null,
          currency: 'MXN',
          isFree: detail.free ?? false,
          isDropshipping: ref.dropshipping,
          contributionMarginMinor: detail.free ? 0 : Math.round(price * (0.12 + (n % 5) * 0.03)),
          variants: detail.variants ?? {},
          available: ref.type === 'product' ? (detail.soldOut ? 0 : 5 + (n % 40)) : ref.type === 'experience' ? 20 : null,
          stockType: ref.type === 'product' || ref.type === 'experience' ? 'onstock' : 'ondemand',
          maxPurchaseAmount: ref.type === 'experience' ? 6 : null,
          soldOut: detail.soldOut ?? false,
          experienceDate:
            detail.inDays !== undefined ? new Date(Math.floor((now + detail.inDays * DAY) / DAY) * DAY + 17 * 3_600_000) : null,
          listState: detail.unpublished ? 'unpublished' : 'published',
          hidden: detail.hidden ?? false,
          queuePosition: n,
          categoryIds: detail.categories.map((c) => DEMO_CATEGORIES[c - 1].id),
          returnInfo: isProduct
            ? n % 3 === 0
              ? { return_type: 'disallowed' as const }
              : {
                  return_type: '72hrs' as const,
                  return_fees: 'customer_all' as const,
                  return_policy: 'common' as const,
                  // both label policies in the demo: e-mailed to the customer ('inbox') or downloaded from the request
                  return_shipping_label: n % 2 === 0 ? ('inbox' as const) : ('download' as const),
                  restocking_fees: 10,
                }
            : null,
          ...searchColumns({ name: detail.name, tags: detail.tags, description }),
        };
        return values;
      });
      const created = await tx.insert(items).values(rows).onConflictDoNothing().returning();
      if (created.length > 0)
        await this.outbox.add(
          tx,
          created.map((row) => itemEvents.created(row)),
        );
      await fillPlaceholders(tx);
      await this.seedCatalogues(tx);
      return created.length;
    });
  }

  private async seedCatalogues(tx: Tx): Promise<void> {
    const positions = new Map<string, number>();
    for (const c of DEMO_CATALOGUES) {
      const position = (positions.get(c.owner) ?? 0) + 1;
      positions.set(c.owner, position);
      const created = await tx
        .insert(catalogues)
        .values({
          id: c.id,
          ownerId: c.owner,
          name: c.name,
          slug: slugify(c.name, 60),
          photo: `${this.config.demoPhotosBaseUrl}/${slugify(c.name, 60)}.jpg`,
          sortKey: position * POSITION_GAP,
          weight: c.weight,
          numProducts: c.items.length,
          searchName: normaliseText(c.name),
        })
        .onConflictDoNothing()
        .returning({ id: catalogues.id });
      if (created.length === 0) continue;
      await tx
        .insert(catalogueProducts)
        .values(c.items.map((itemId, i) => ({ catalogueId: c.id, itemId, sortKey: (i + 1) * POSITION_GAP })))
        .onConflictDoNothing();
    }
  }

  /** The benchmark items, in batches; no events (the store seeds its side from the same plan). */
  async seedBench(count: number): Promise<void> {
    await this.tx.run(async (tx) => {
      await tx
        .insert(suppliers)
        .values(
          Array.from({ length: BENCH_SUPPLIERS }, (_, i) => ({
            id: benchSupplierId(i + 1),
            name: `Proveedor de prueba ${i + 1}`,
            searchName: normaliseText(`Proveedor de prueba ${i + 1}`),
          })),
        )
        .onConflictDoNothing();
    });
    const words = ['cafe', 'barro', 'telar', 'plata', 'madera', 'vidrio', 'palma', 'lana', 'cobre', 'piel', 'chocolate', 'miel'];
    const batch = 500;
    for (let start = 1; start <= count; start += batch) {
      const rows: (typeof items.$inferInsert)[] = [];
      for (let n = start; n < Math.min(count + 1, start + batch); n++) {
        const type = benchItemType(n);
        // Words picked by a hash of n, so every shop (n mod shops) gets every word.
        const pick = (salt: number) => words[(Math.imul(n ^ salt, 2654435761) >>> 0) % words.length];
        const name = `${pick(1)} ${pick(2)} ${n}`;
        const tags = [pick(3), pick(4)];
        const description = `Artículo de prueba ${n} de ${pick(5)}`;
        rows.push({
          id: benchItemId(n),
          ownerId: benchSupplierId(benchSupplierOfItem(n)),
          slug: `bench-${n}`,
          type,
          name,
          description,
          tags: [...new Set(tags)],
          photos: [`${this.config.demoPhotosBaseUrl}/bench-${n % 50}.jpg`],
          listPriceMinor: 1000 + ((n * 7919) % 500_000),
          contributionMarginMinor: 100 + ((n * 7919) % 50_000),
          isDropshipping: true,
          listState: 'published',
          queuePosition: n,
          available: 10,
          ...searchColumns({ name, tags, description }),
        });
      }
      await this.tx.run(async (tx) => {
        await tx.insert(items).values(rows).onConflictDoNothing();
        await fillPlaceholders(tx);
      });
    }
    // Fresh planner statistics for the bulk-loaded table (PGlite has no autovacuum to take them).
    await this.tx.run(async (tx) => {
      await tx.execute(sql`analyze ${items}`);
    });
  }
}

/** Fills projection rows whose item arrived after them (store.items before catalogue.item). */
async function fillPlaceholders(tx: Tx): Promise<void> {
  const pending = await tx.select({ itemId: shopItems.itemId }).from(shopItems).where(eq(shopItems.itemKnown, false)).limit(1);
  if (pending.length === 0) return;
  await tx.execute(sql`
    update ${shopItems} si
       set item_known = true, item_type = i.type, supplier_id = i.owner_id,
           listed = (i.list_state = 'published' and not i.hidden), list_price_minor = i.list_price_minor, queue_position = i.queue_position,
           search_name = i.search_name, search_vector = i.search_vector
      from ${items} i
     where si.item_id = i.id and not si.item_known and i.deleted_at is null`);
}
