import {
  CatalogueItemEvents,
  DEMO,
  DEMO_ITEMS,
  Topics,
  type CatalogueItemSnapshot,
  type CatalogueItemStockChanged,
  type EventEnvelope,
} from '@vitrina/contracts';
import { createServiceApp, newId, type Runtime } from '@vitrina/platform';
import { createTestDatabase, createTestRuntime, type TestDatabase } from '@vitrina/platform/testing';
import { storeService } from '../src/store.module.js';
import { tokens, type App } from './helpers.js';

export interface CataloguePeer {
  /** `catalogue.item.created` for every demo item, as the catalogue's seed publishes them. */
  demo(): Promise<void>;
  updated(snapshot: CatalogueItemSnapshot): Promise<void>;
  stockChanged(change: CatalogueItemStockChanged): Promise<void>;
  deleted(itemId: string, ownerId: string, revision: number): Promise<void>;
  snapshot(index: number, over?: Partial<CatalogueItemSnapshot>): CatalogueItemSnapshot;
}

export interface World {
  tdb: TestDatabase;
  runtime: Runtime;
  store: App;
  token: ReturnType<typeof tokens>;
  /** Publishes events as the catalogue service would (through the bus the store consumes). */
  catalogue: CataloguePeer;
  close(): Promise<void>;
}

function envelope<T>(type: string, key: string, data: T): EventEnvelope<T> {
  return { id: newId(), type, version: 1, occurredAt: new Date().toISOString(), key, traceId: newId(), data };
}

export function cataloguePeer(runtime: Runtime): CataloguePeer {
  const snapshot = (index: number, over: Partial<CatalogueItemSnapshot> = {}): CatalogueItemSnapshot => {
    const ref = DEMO_ITEMS[index];
    return {
      itemId: ref.id,
      ownerId: ref.supplier === 'supplierA' ? DEMO.users.supplierA.id : DEMO.users.supplierB.id,
      type: ref.type,
      name: `Item ${index + 1}`,
      slug: `item-${index + 1}`,
      // as the catalogue's demo: #21 unpublished, #22 hidden
      listState: index === 20 ? 'unpublished' : 'published',
      hidden: index === 21,
      isDropshipping: ref.dropshipping,
      isFree: false,
      listPriceMinor: 10000,
      currency: 'MXN',
      soldOut: false,
      available: 5,
      stockType: 'onstock',
      maxPurchaseAmount: null,
      photo: null,
      revision: 1,
      ...over,
    };
  };
  return {
    snapshot,
    async demo() {
      await runtime.bus.publish(
        Topics.catalogueItem,
        DEMO_ITEMS.map((ref, i) => envelope(CatalogueItemEvents.created, ref.id, snapshot(i))),
      );
    },
    updated: (s) => runtime.bus.publish(Topics.catalogueItem, [envelope(CatalogueItemEvents.updated, s.itemId, s)]),
    stockChanged: (s) => runtime.bus.publish(Topics.catalogueItem, [envelope(CatalogueItemEvents.stockChanged, s.itemId, s)]),
    deleted: (itemId, ownerId, revision) =>
      runtime.bus.publish(Topics.catalogueItem, [envelope(CatalogueItemEvents.deleted, itemId, { itemId, ownerId, revision })]),
  };
}

/**
 * The store service on a fresh test database and memory-bus runtime, optionally with its demo seed; the
 * catalogue's side of the conversation is played by `catalogue` (events per libs/contracts catalogue-events).
 */
export async function startWorld(opts: { seed?: boolean; env?: Record<string, string> } = {}): Promise<World> {
  const previous = { ...process.env };
  process.env.SEED_DEMO = opts.seed ? 'true' : 'false';
  Object.assign(process.env, opts.env ?? {});
  const tdb = await createTestDatabase('store');
  const runtime = await createTestRuntime(tdb);
  const { app: store } = await createServiceApp(storeService, runtime);
  await store.getHttpAdapter().getInstance().ready();
  for (const key of Object.keys(process.env)) if (!(key in previous)) delete process.env[key];
  Object.assign(process.env, previous);
  return {
    tdb,
    runtime,
    store,
    token: tokens(runtime),
    catalogue: cataloguePeer(runtime),
    async close() {
      await store.close();
      await runtime.close();
      await tdb.destroy();
    },
  };
}
