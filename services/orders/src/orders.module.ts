import { fileURLToPath } from 'node:url';
import { Module } from '@nestjs/common';
import { checkoutPlacementClient, cartCheckoutBaseUrls, internalServiceSecret, type CheckoutPlacement } from '@vitrina/contracts';
import { nodeHttpPost, PlatformModule, type ServiceDefinition } from '@vitrina/platform';
import * as schema from './db/schema.js';
import { InvoicesModule } from './invoices/invoices.module.js';
import { PlacementConsumer } from './orders/events/placement.consumer.js';
import { StockShortfallConsumer } from './orders/events/stock-shortfall.consumer.js';
import { CustomerOrdersController, DssupplierOrdersController, SupplierOrdersController } from './orders/http/orders.controller.js';
import { OrderActions } from './orders/order-actions.js';
import { CHECKOUT_PLACEMENT, OrderPlacement } from './orders/order-placement.js';
import { OrderQueries } from './orders/order-queries.js';
import { OrderView } from './orders/order.view.js';
import { OrdersCoreModule } from './orders/orders-core.module.js';
import { PackingModule } from './packing/packing.module.js';
import { ReturnsModule } from './returns/returns.module.js';
import { ReviewsModule } from './reviews/reviews.module.js';
import { TicketsModule } from './tickets/tickets.module.js';
import { TrackingController } from './tracking/tracking.controller.js';
import { TRACKING_PROVIDER, trackingFromEnv } from './tracking/tracking-provider.js';
import { TrackingService } from './tracking/tracking.service.js';
import { TrackingSweep } from './tracking/tracking-sweep.js';

/** cart-checkout's internal place call; several instances (cluster mode) take turns. */
function checkoutPlacementFromEnv(env: NodeJS.ProcessEnv = process.env): CheckoutPlacement {
  const timeoutMs = Number(env.CHECKOUT_PLACEMENT_TIMEOUT_MS);
  const post = nodeHttpPost();
  const clients = cartCheckoutBaseUrls(env).map((baseUrl) =>
    checkoutPlacementClient({
      baseUrl,
      secret: internalServiceSecret(env),
      post,
      ...(Number.isInteger(timeoutMs) && timeoutMs > 0 ? { timeoutMs } : {}),
    }),
  );
  let turn = 0;
  return { place: (request) => clients[turn++ % clients.length].place(request) };
}

/**
 * Purchase orders (issue 13): placement from the payment and checkout events, the three-role state machine,
 * shipment tracking, tickets, reviews, packing and invoices; returns and refunds (issue 14).
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
    OrdersCoreModule,
    TicketsModule,
    ReviewsModule,
    PackingModule,
    InvoicesModule,
    ReturnsModule,
  ],
  controllers: [
    CustomerOrdersController,
    SupplierOrdersController,
    DssupplierOrdersController,
    TrackingController,
    PlacementConsumer,
    StockShortfallConsumer,
  ],
  providers: [
    { provide: CHECKOUT_PLACEMENT, useFactory: () => checkoutPlacementFromEnv() },
    { provide: TRACKING_PROVIDER, useFactory: () => trackingFromEnv() },
    OrderPlacement,
    OrderActions,
    OrderQueries,
    OrderView,
    TrackingService,
    TrackingSweep,
  ],
})
export class OrdersModule {}

export const ordersService: ServiceDefinition = { name: 'orders', module: OrdersModule };

/** For tests that run the service beside others: its clock, tracking sweep and placement. */
export { OrdersClock } from './shared/clock.js';
export { TrackingSweep } from './tracking/tracking-sweep.js';
export { CHECKOUT_PLACEMENT } from './orders/order-placement.js';
export { RETURN_INFO_SOURCE, type ReturnInfoSource } from './returns/catalogue-return-info.js';
