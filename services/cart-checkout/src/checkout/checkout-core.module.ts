import { Global, Module } from '@nestjs/common';
import { DB, IdempotencyInterceptor, IdempotencyStore, type Db } from '@vitrina/platform';
import { idempotencyKeys } from '../db/schema.js';
import { Clock } from '../shared/clock.js';
import { CART_CHECKOUT_CONFIG, loadCartCheckoutConfig } from '../shared/config.js';
import { CheckoutRepository } from './checkout.repository.js';

/**
 * What every part of the service shares about checkouts: the clock, the config, the checkout repository (the
 * delivery routes set delivery through it) and the Idempotency-Key store behind `@Idempotent()`. Global, so the
 * delivery module injects these without importing the checkout module.
 */
@Global()
@Module({
  providers: [
    Clock,
    { provide: CART_CHECKOUT_CONFIG, useFactory: () => loadCartCheckoutConfig() },
    CheckoutRepository,
    { provide: IdempotencyStore, inject: [DB], useFactory: (db: Db) => new IdempotencyStore(db, idempotencyKeys) },
    IdempotencyInterceptor,
  ],
  exports: [Clock, CART_CHECKOUT_CONFIG, CheckoutRepository, IdempotencyStore, IdempotencyInterceptor],
})
export class CheckoutCoreModule {}
