import { fileURLToPath } from 'node:url';
import { Module } from '@nestjs/common';
import { PlatformModule, type ServiceDefinition } from '@vitrina/platform';
import * as schema from './db/schema.js';
import { DeliveryModule } from './delivery/delivery.module.js';

/**
 * Carts per supplier, checkout sessions, delivery and payments.
 * Composition root of the cart-checkout service, mounted by its own process (main.ts) and by the embedded launcher.
 */
@Module({
  imports: [
    PlatformModule.forService({
      name: 'cart-checkout',
      schema,
      tables: { outbox: schema.outbox, inbox: schema.inbox, jobs: schema.jobs, pings: schema.pings },
      migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
    }),
    DeliveryModule,
  ],
})
export class CartCheckoutModule {}

export const cartCheckoutService: ServiceDefinition = { name: 'cart-checkout', module: CartCheckoutModule };
