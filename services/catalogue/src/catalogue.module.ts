import { fileURLToPath } from 'node:url';
import { Module } from '@nestjs/common';
import { PlatformModule, type ServiceDefinition } from '@vitrina/platform';
import * as schema from './db/schema.js';

/**
 * Items (product, service, experience, digital), suppliers, categories, custom catalogues, listings and search per shop.
 * Composition root of the catalogue service, mounted by its own process (main.ts) and by the embedded launcher.
 */
@Module({
  imports: [
    PlatformModule.forService({
      name: 'catalogue',
      schema,
      tables: { outbox: schema.outbox, inbox: schema.inbox, jobs: schema.jobs, pings: schema.pings },
      migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
    }),
  ],
})
export class CatalogueModule {}

export const catalogueService: ServiceDefinition = { name: 'catalogue', module: CatalogueModule };
