import { fileURLToPath } from 'node:url';
import { Module } from '@nestjs/common';
import { PlatformModule, type ServiceDefinition } from '@vitrina/platform';
import * as schema from './db/schema.js';
import { DeliveryModule } from './delivery/delivery.module.js';
import { CartService } from './carts/cart.service.js';
import { CartController } from './carts/http/cart.controller.js';
import { CheckoutCoreModule } from './checkout/checkout-core.module.js';
import { CheckoutPageService } from './checkout/checkout-page.service.js';
import { CheckoutService } from './checkout/checkout.service.js';
import { CheckoutController, ShoppingCartsController } from './checkout/http/checkout.controller.js';
import { CheckoutExpiry } from './checkout/jobs/checkout-expiry.js';
import { STOCK_RESERVATIONS, stockReservationsFromEnv } from './checkout/stock-reservations.js';
import { AccountsSuppliersConsumer } from './projections/accounts-suppliers.consumer.js';
import { CatalogueItemsConsumer } from './projections/catalogue-items.consumer.js';
import { StoreShopsConsumer } from './projections/store-shops.consumer.js';
import { PaymentsModule } from './payments/payments.module.js';
import { CheckoutPlacementService } from './placement/checkout-placement.service.js';
import { InternalPlacementController } from './placement/internal-placement.controller.js';

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
    CheckoutCoreModule,
    DeliveryModule,
    PaymentsModule,
  ],
  controllers: [
    CartController,
    ShoppingCartsController,
    CheckoutController,
    InternalPlacementController,
    CatalogueItemsConsumer,
    StoreShopsConsumer,
    AccountsSuppliersConsumer,
  ],
  providers: [
    CartService,
    CheckoutService,
    CheckoutPageService,
    CheckoutExpiry,
    CheckoutPlacementService,
    { provide: STOCK_RESERVATIONS, useFactory: () => stockReservationsFromEnv() },
  ],
})
export class CartCheckoutModule {}

export const cartCheckoutService: ServiceDefinition = { name: 'cart-checkout', module: CartCheckoutModule };

/** For tests that run the service beside others (launcher/test): its clock and expiry sweep. */
export { Clock } from './shared/clock.js';
export { CheckoutExpiry } from './checkout/jobs/checkout-expiry.js';
export { PaymentJobs } from './payments/jobs/payment-jobs.js';
export { PaymentWebhooks } from './payments/payment-webhooks.js';
export { signSandboxWebhook } from './payments/providers/sandbox/index.js';
