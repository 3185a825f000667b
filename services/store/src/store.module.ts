import { fileURLToPath } from 'node:url';
import { Module } from '@nestjs/common';
import { PlatformModule, type ServiceDefinition } from '@vitrina/platform';
import * as schema from './db/schema.js';

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
})
export class StoreModule {}

export const storeService: ServiceDefinition = { name: 'store', module: StoreModule };
