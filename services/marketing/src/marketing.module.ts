import { fileURLToPath } from 'node:url';
import { Module } from '@nestjs/common';
import { PlatformModule, type ServiceDefinition } from '@vitrina/platform';
import * as schema from './db/schema.js';

/**
 * Campaigns, channels, referral links and visit tracking, affiliate tree.
 * Composition root of the marketing service, mounted by its own process (main.ts) and by the embedded launcher.
 */
@Module({
  imports: [
    PlatformModule.forService({
      name: 'marketing',
      schema,
      tables: { outbox: schema.outbox, inbox: schema.inbox, jobs: schema.jobs, pings: schema.pings },
      migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
    }),
  ],
})
export class MarketingModule {}

export const marketingService: ServiceDefinition = { name: 'marketing', module: MarketingModule };
