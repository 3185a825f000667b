import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';
import type { StoredBranch, StoredRate, StoredRateZone } from '../delivery/domain/delivery.types.js';

export type { StoredBranch, StoredRate, StoredRateZone };

/*
 * Delivery tables of the cart-checkout service (issue 11): supplier settings, supplier names, saved addresses and
 * shipping quotes. Re-exported by schema.ts. The schema object is declared again here (same name) because
 * schema.ts re-exports this file: importing it back would be a cycle.
 */
const deliverySchema = pgSchema('cart-checkout');

/**
 * What a supplier (or a reseller selling dropshipped items) set up to sell: payment types, fixed shipping, rate
 * zones and pickup branches (issue 11 'Supplier settings'). Zones and branches are small lists read and written
 * whole with the settings, so they live in the row. `revision` grows with each save (part of a quote's id).
 */
export const supplierSettings = deliverySchema.table('supplier_settings', {
  supplierId: text('supplier_id').primaryKey(),
  enabledPaymentTypes: jsonb('enabled_payment_types')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  fixedShippingCostMinor: integer('fixed_shipping_cost_minor'),
  fixedShippingDays: integer('fixed_shipping_days'),
  scheduledDelivery: boolean('scheduled_delivery').notNull().default(false),
  currency: text('currency').notNull().default('MXN'),
  rateZones: jsonb('rate_zones')
    .$type<StoredRateZone[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  branches: jsonb('branches')
    .$type<StoredBranch[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  revision: integer('revision').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Display names of users (`accounts.user` events, and the demo seed): a cart order shows its supplier's name. */
export const supplierNames = deliverySchema.table('supplier_names', {
  userId: text('user_id').primaryKey(),
  name: text('name').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A shopper's saved delivery addresses (spec 3 §3 'Address'), Mexican only for now. */
export const addresses = deliverySchema.table(
  'addresses',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    addressName: text('address_name').notNull(),
    addressPhone: text('address_phone').notNull(),
    streetAddress: text('street_address').notNull(),
    route: text('route').notNull(),
    streetNumber: text('street_number').notNull(),
    country: text('country').notNull().default('MX'),
    state: text('administrative_area_level_1').notNull(),
    locality: text('locality').notNull(),
    sublocality: text('sublocality'),
    postalCode: text('postal_code').notNull(),
    formattedAddress: text('formatted_address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Quotes a broker gave for a checkout and a destination: `shipment_id` is the quote's id, stable for the same
 * checkout, destination and supplier settings revision, so asking again answers the same ids.
 */
export const shippingQuotes = deliverySchema.table(
  'shipping_quotes',
  {
    shipmentId: text('shipment_id').primaryKey(),
    checkoutId: text('checkout_id').notNull(),
    userId: text('user_id').notNull(),
    addressId: text('address_id'),
    agencyId: text('agency_id'),
    rates: jsonb('rates').$type<StoredRate[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shipping_quotes_checkout_idx').on(t.checkoutId)],
);
