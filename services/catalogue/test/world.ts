import {
  DEMO,
  DEMO_ITEMS,
  StoreEvents,
  Topics,
  type EventEnvelope,
  type StoreItemsChanged,
  type StoreShopCreated,
} from '@vitrina/contracts';
import { createServiceApp, newId, rowsOf, type Runtime, type ServiceDefinition } from '@vitrina/platform';
import { createTestDatabase, createTestRuntime, type TestDatabase } from '@vitrina/platform/testing';
import { catalogueService } from '../src/catalogue.module.js';
import { tokens, type App } from './helpers.js';

export interface World {
  tdb: TestDatabase;
  runtime: Runtime;
  catalogue: App;
  token: ReturnType<typeof tokens>;
  /** Publishes events as the store service would (through the same memory bus the catalogue consumes). */
  store: StorePeer;
  close(): Promise<void>;
}

export interface StorePeer {
  shopCreated(shop: StoreShopCreated): Promise<void>;
  itemsAdded(shopId: string, itemIds: string[]): Promise<void>;
  itemsRemoved(shopId: string, itemIds: string[]): Promise<void>;
  /** The store's demo seed, as events: four shops and the items each shows. */
  demo(): Promise<void>;
}

function envelope<T>(type: string, key: string, data: T): EventEnvelope<T> {
  return { id: newId(), type, version: 1, occurredAt: new Date().toISOString(), key, shopId: key, traceId: newId(), data };
}

export function storePeer(runtime: Runtime): StorePeer {
  const peer: StorePeer = {
    shopCreated: (shop) => runtime.bus.publish(Topics.storeShop, [envelope(StoreEvents.shopCreated, shop.shopId, shop)]),
    itemsAdded: (shopId, itemIds) =>
      runtime.bus.publish(Topics.storeItems, [envelope<StoreItemsChanged>(StoreEvents.itemsAdded, shopId, { shopId, itemIds })]),
    itemsRemoved: (shopId, itemIds) =>
      runtime.bus.publish(Topics.storeItems, [envelope<StoreItemsChanged>(StoreEvents.itemsRemoved, shopId, { shopId, itemIds })]),
    async demo() {
      const { users, shops } = DEMO;
      const A = DEMO_ITEMS.filter((i) => i.supplier === 'supplierA').map((i) => i.id);
      const B = DEMO_ITEMS.filter((i) => i.supplier === 'supplierB').map((i) => i.id);
      await peer.shopCreated({
        shopId: shops.demo.id,
        ownerId: users.demoOwner.id,
        slug: 'demo',
        storeType: 'affiliate',
        name: 'Bazar de Daniela',
        supplierId: null,
        canonicalUrl: null,
      });
      await peer.shopCreated({
        shopId: shops.franchise.id,
        ownerId: users.supplierA.id,
        slug: shops.franchise.slug,
        storeType: 'franchise',
        name: 'Franquicia',
        supplierId: users.supplierA.id,
      });
      await peer.shopCreated({
        shopId: shops.reseller.id,
        ownerId: users.reseller.id,
        slug: 'rita',
        storeType: 'affinity',
        name: 'Rita Reventa',
      });
      await peer.shopCreated({
        shopId: shops.other.id,
        ownerId: users.otherOwner.id,
        slug: 'olga',
        storeType: 'affiliate',
        name: 'Café de Olga',
      });
      await peer.itemsAdded(
        shops.demo.id,
        DEMO_ITEMS.map((i) => i.id),
      );
      await peer.itemsAdded(shops.franchise.id, A);
      await peer.itemsAdded(
        shops.reseller.id,
        DEMO_ITEMS.filter((i, n) => i.dropshipping && n % 2 === 0).map((i) => i.id),
      );
      await peer.itemsAdded(shops.other.id, B);
    },
  };
  return peer;
}

/**
 * The catalogue service on a fresh test database and memory-bus runtime, optionally with its demo seed;
 * the store's side of the conversation is played by `store` (events per libs/contracts store-events).
 */
export async function startWorld(opts: { seed?: boolean; env?: Record<string, string>; service?: ServiceDefinition } = {}): Promise<World> {
  const previous = { ...process.env };
  process.env.SEED_DEMO = opts.seed ? 'true' : 'false';
  Object.assign(process.env, opts.env ?? {});
  const tdb = await createTestDatabase('catalogue');
  const runtime = await createTestRuntime(tdb);
  const { app: catalogue } = await createServiceApp(opts.service ?? catalogueService, runtime);
  await catalogue.getHttpAdapter().getInstance().ready();
  for (const key of Object.keys(process.env)) if (!(key in previous)) delete process.env[key];
  Object.assign(process.env, previous);
  return {
    tdb,
    runtime,
    catalogue,
    token: tokens(runtime),
    store: storePeer(runtime),
    async close() {
      await catalogue.close();
      await runtime.close();
      await tdb.destroy();
    },
  };
}

/** Events the catalogue published (its outbox), optionally of one type. */
export async function published(w: World, type?: string): Promise<EventEnvelope[]> {
  const rows = rowsOf<{ envelope: EventEnvelope }>(
    await w.tdb.database.drizzle({}).execute(`select envelope from catalogue.outbox order by seq`),
  );
  return rows.map((r) => r.envelope).filter((e) => !type || e.type === type);
}
