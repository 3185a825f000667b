import { pgSchema } from 'drizzle-orm/pg-core';
import { platformTables } from '@vitrina/platform';

/** Every table of the cart-checkout service lives in the PostgreSQL schema `cart-checkout`. */
export const cartCheckoutSchema = pgSchema('cart-checkout');

/** Outbox, inbox, local job queue and diagnostics tables of the kernel. */
export const { outbox, inbox, jobs, pings } = platformTables('cart-checkout');
