import { fileURLToPath } from 'node:url';
import { Module } from '@nestjs/common';
import { PlatformModule, type ServiceDefinition } from '@vitrina/platform';
import * as schema from './db/schema.js';

/**
 * Purchase orders and their state machine, returns, refunds, dispersions.
 * Composition root of the orders service, mounted by its own process (main.ts) and by the embedded launcher.
 */
@Module({
  imports: [
    PlatformModule.forService({
      name: 'orders',
      schema,
      tables: { outbox: schema.outbox, inbox: schema.inbox, jobs: schema.jobs, pings: schema.pings },
      migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
    }),
  ],
})
export class OrdersModule {}

export const ordersService: ServiceDefinition = { name: 'orders', module: OrdersModule };
