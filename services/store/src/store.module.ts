import { fileURLToPath } from 'node:url';
import { Module } from '@nestjs/common';
import { CONFIG, PlatformModule, type PlatformConfig, type ServiceDefinition } from '@vitrina/platform';
import * as schema from './db/schema.js';
import { BannerHandlers } from './banners/commands/banner.handlers.js';
import { StarterBanners } from './banners/starter-banners.js';
import { StoreDemoSeeder } from './demo/demo-seeder.js';
import { FranchisesAdminController, FranchisesPublicController } from './franchises/http/franchises.controller.js';
import { FranchiseQueries } from './franchises/queries/franchise.queries.js';
import { GalleryMultipart } from './gallery/gallery.multipart.js';
import { GalleryService } from './gallery/gallery.service.js';
import { GalleryController } from './gallery/http/gallery.controller.js';
import { GalleryCleanup } from './gallery/jobs/gallery-cleanup.job.js';
import { GalleryStorage } from './gallery/storage/gallery-storage.js';
import { LocalFolderStorage } from './gallery/storage/local-folder.storage.js';
import { S3Storage } from './gallery/storage/s3.storage.js';
import { HeaderHandlers } from './headers/commands/header.handlers.js';
import { MenuController } from './menu/http/menu.controller.js';
import { STORE_CONFIG, loadStoreConfig, type StoreConfig } from './shared/config.js';
import { CreateShopHandler } from './shops/commands/create-shop.handler.js';
import { UpdateShopHandler } from './shops/commands/update-shop.handler.js';
import { CatalogueCataloguesConsumer } from './shops/events/catalogue-catalogues.consumer.js';
import { AccountsSuppliersConsumer } from './shops/events/accounts-suppliers.consumer.js';
import { ShopAdminController } from './shops/http/shop-admin.controller.js';
import { ShopsController } from './shops/http/shops.controller.js';
import { LoadShopQuery } from './shops/queries/load-shop.query.js';
import { StoreItemsHandlers } from './store-items/commands/store-items.handlers.js';
import { CatalogueEventsConsumer } from './store-items/events/catalogue-events.consumer.js';
import { StoreItemsAdminController, StoreItemsPublicController } from './store-items/http/store-items.controller.js';

/**
 * Shops, theme, banners, headers, menu, items in store, franchises, gallery uploads.
 * Composition root of the store service, mounted by its own process (main.ts) and by the embedded launcher.
 */
@Module({
  imports: [
    PlatformModule.forService({
      name: 'store',
      schema,
      tables: { outbox: schema.outbox, inbox: schema.inbox, jobs: schema.jobs, pings: schema.pings },
      migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
    }),
  ],
  controllers: [
    ShopsController,
    MenuController,
    ShopAdminController,
    StoreItemsAdminController,
    StoreItemsPublicController,
    FranchisesPublicController,
    FranchisesAdminController,
    GalleryController,
    CatalogueEventsConsumer,
    CatalogueCataloguesConsumer,
    AccountsSuppliersConsumer,
  ],
  providers: [
    { provide: STORE_CONFIG, inject: [CONFIG], useFactory: (config: PlatformConfig) => loadStoreConfig(config) },
    {
      provide: GalleryStorage,
      inject: [STORE_CONFIG],
      useFactory: (config: StoreConfig): GalleryStorage =>
        config.gallery.storage === 's3' && config.gallery.s3
          ? new S3Storage(config.gallery.s3)
          : new LocalFolderStorage(config.gallery.localDir),
    },
    LoadShopQuery,
    CreateShopHandler,
    StarterBanners,
    UpdateShopHandler,
    BannerHandlers,
    HeaderHandlers,
    StoreItemsHandlers,
    FranchiseQueries,
    GalleryService,
    GalleryCleanup,
    GalleryMultipart,
    StoreDemoSeeder,
  ],
})
export class StoreModule {}

export const storeService: ServiceDefinition = { name: 'store', module: StoreModule, title: 'Vitrina store' };
