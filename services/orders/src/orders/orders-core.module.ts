import { Global, Module } from '@nestjs/common';
import { DB, IdempotencyInterceptor, IdempotencyStore, type Db } from '@vitrina/platform';
import { idempotencyKeys } from '../db/schema.js';
import { OrdersClock } from '../shared/clock.js';
import { TicketIssuer } from '../tickets/ticket-issuer.js';
import { OrderAccess } from './order-access.js';

/**
 * What every part of the orders service shares: the clock, who may see an order (OrderAccess), the ticket issuer
 * placement calls, and the Idempotency-Key store behind `@Idempotent()`. Global, so the tickets, reviews, packing
 * and invoices modules inject these without importing each other.
 */
@Global()
@Module({
  providers: [
    OrdersClock,
    OrderAccess,
    TicketIssuer,
    { provide: IdempotencyStore, inject: [DB], useFactory: (db: Db) => new IdempotencyStore(db, idempotencyKeys) },
    IdempotencyInterceptor,
  ],
  exports: [OrdersClock, OrderAccess, TicketIssuer, IdempotencyStore, IdempotencyInterceptor],
})
export class OrdersCoreModule {}
