import { fileURLToPath } from 'node:url';
import { Module, type Type } from '@nestjs/common';
import { CONFIG, PlatformModule, type PlatformConfig, type ServiceDefinition } from '@vitrina/platform';
import * as schema from './db/schema.js';
import { CATALOGUE_CONFIG, loadCatalogueConfig, type CatalogueConfig } from './shared/config.js';
import { LISTING_CACHE, ListingCache } from './listings/listing-cache.js';
import { CataloguesAdminController, CataloguesPublicController } from './catalogues/http/catalogues.controller.js';
import { CatalogueHandlers } from './catalogues/commands/catalogue.handlers.js';
import { CatalogueQueries } from './catalogues/queries/catalogue.queries.js';
import { DemoPhotosController } from './demo/demo-photos.controller.js';
import { DemoSeeder } from './demo/demo-seeder.js';
import { ChangeItemStateHandler } from './items/commands/change-item-state/change-item-state.handler.js';
import { CreateItemHandler } from './items/commands/create-item/create-item.handler.js';
import { DeleteItemHandler } from './items/commands/delete-item/delete-item.handler.js';
import { SetItemStockHandler } from './items/commands/set-item-stock/set-item-stock.handler.js';
import { UpdateItemHandler } from './items/commands/update-item/update-item.handler.js';
import { ItemsAdminController } from './items/http/items.admin.controller.js';
import { ItemsPublicController } from './items/http/items.public.controller.js';
import { ItemQueries } from './items/queries/item.queries.js';
import { StoreEventsConsumer } from './listings/events/store-events.consumer.js';
import { ListingChangesCompactionJob } from './listings/jobs/listing-changes-compaction.job.js';
import { ProductPickerController } from './listings/http/product-picker.controller.js';
import { ShopListingController } from './listings/http/shop-listing.controller.js';
import { ProductPickerQuery } from './listings/queries/product-picker.query.js';
import { ShopListingQuery } from './listings/queries/shop-listing.query.js';
import { AccountsEventsConsumer } from './suppliers/events/accounts-events.consumer.js';
import { DirectoryController, SupplierSearchController } from './suppliers/http/directory.controller.js';
import { DirectoryQueries } from './suppliers/queries/directory.queries.js';
import { ReviewsConsumer } from './ratings/events/reviews.consumer.js';
import { ReservationEventsConsumer } from './reservations/events/reservation-events.consumer.js';
import { InternalReservationsController } from './reservations/http/internal-reservations.controller.js';
import { ReservationSweepJob } from './reservations/jobs/reservation-sweep.job.js';
import { StockReservations } from './reservations/stock-reservations.js';
import { Clock, SystemClock } from './shared/clock.js';

export interface CatalogueOptions {
  /** The time reservation expiry and concluded experiences are read from; tests pass a ManualClock. */
  clock?: Clock;
}

/**
 * Items (product, service, experience, digital), suppliers, categories, custom catalogues, listings and search per shop,
 * and the stock reservations of checkouts.
 * Composition root of the catalogue service, mounted by its own process (main.ts) and by the embedded launcher.
 */
export function createCatalogueModule(options: CatalogueOptions = {}): Type<unknown> {
  @Module({
    imports: [
      PlatformModule.forService({
        name: 'catalogue',
        schema,
        tables: { outbox: schema.outbox, inbox: schema.inbox, jobs: schema.jobs, pings: schema.pings },
        migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
      }),
    ],
    controllers: [
      ItemsAdminController,
      ItemsPublicController,
      ShopListingController,
      ProductPickerController,
      DirectoryController,
      SupplierSearchController,
      CataloguesAdminController,
      CataloguesPublicController,
      DemoPhotosController,
      StoreEventsConsumer,
      AccountsEventsConsumer,
      InternalReservationsController,
      ReservationEventsConsumer,
      ReviewsConsumer,
    ],
    providers: [
      { provide: Clock, useValue: options.clock ?? new SystemClock() },
      { provide: CATALOGUE_CONFIG, inject: [CONFIG], useFactory: (config: PlatformConfig) => loadCatalogueConfig(config.NODE_ENV) },
      ItemQueries,
      CreateItemHandler,
      UpdateItemHandler,
      DeleteItemHandler,
      ChangeItemStateHandler,
      SetItemStockHandler,
      ShopListingQuery,
      {
        provide: LISTING_CACHE,
        inject: [CATALOGUE_CONFIG],
        useFactory: (config: CatalogueConfig) => new ListingCache({ maxBytes: config.listingCacheBytes, ttlMs: config.listingCacheTtlMs }),
      },
      ProductPickerQuery,
      DirectoryQueries,
      CatalogueQueries,
      CatalogueHandlers,
      DemoSeeder,
      StockReservations,
      ReservationSweepJob,
      ListingChangesCompactionJob,
    ],
  })
  class CatalogueModule {}
  return CatalogueModule;
}

export const CatalogueModule = createCatalogueModule();

export const catalogueService: ServiceDefinition = { name: 'catalogue', module: CatalogueModule, title: 'Vitrina catalogue' };

/** The service with options (tests: a ManualClock). */
export function createCatalogueService(options: CatalogueOptions): ServiceDefinition {
  return { name: 'catalogue', module: createCatalogueModule(options), title: 'Vitrina catalogue' };
}

export { Clock, ManualClock } from './shared/clock.js';
