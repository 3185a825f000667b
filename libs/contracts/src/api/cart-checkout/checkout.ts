import { z } from 'zod';
import { PHONE_DEFAULT_MAX_LENGTH, PHONE_MAX_LENGTH_BY_COUNTRY } from '../../accounts-limits.js';
import { CartProductSchema } from './cart.js';
import { CheckoutAddressSchema, DELIVERY_TYPES } from './delivery.js';

/** Answers of checkout creation and the checkout page (issue 11, spec 3 §4-§7). */

/** placed: a pay-later order was made of it (issue 13). */
export const CHECKOUT_STATUSES = ['open', 'ready', 'expired', 'paid', 'placed', 'cancelled'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];
/** spec 3 §5: phone lengths per country (the same as registration's, spec 2 §5); any other country 10. */
export const PHONE_LENGTHS: Readonly<Record<string, number>> = PHONE_MAX_LENGTH_BY_COUNTRY;
export const DEFAULT_PHONE_LENGTH = PHONE_DEFAULT_MAX_LENGTH;

export const CheckoutContactSchema = z
  .object({ name: z.string(), email: z.string(), phone: z.string(), phone_country: z.string() })
  .meta({ id: 'CheckoutContact' });
export type CheckoutContact = z.infer<typeof CheckoutContactSchema>;

export const CheckoutDeliverySchema = z
  .object({
    type: z.enum(DELIVERY_TYPES),
    rate_id: z.string().optional(),
    shipment_id: z.string().optional(),
    agency_id: z.string().optional(),
    carrier: z.string().optional(),
    service: z.string().optional(),
    days: z.number().int(),
    price: z.string(),
    price_minor: z.number().int(),
    scheduled_date: z.string().optional(),
    scheduled_time: z.string().optional(),
  })
  .meta({ id: 'CheckoutDelivery' });
export type CheckoutDelivery = z.infer<typeof CheckoutDeliverySchema>;

export const CheckoutAttendeeSchema = z.object({ full_name: z.string(), phone: z.string() }).meta({ id: 'CheckoutAttendee' });
export type CheckoutAttendee = z.infer<typeof CheckoutAttendeeSchema>;

/** What the shipper offers for this checkout's delivery (the page shows only what exists). */
export const CheckoutDeliveryOptionsSchema = z
  .object({
    /** The supplier's fixed shipping, or null when it offers none. */
    fixed: z.object({ price: z.string(), price_minor: z.number().int(), currency: z.string(), days: z.number().int() }).nullable(),
    /** Fixed delivery asks for a date and time. */
    scheduled: z.boolean(),
    /** Courier rates exist (GET /checkout/{id}/rates). */
    broker: z.boolean(),
    /** Branch pickup exists (GET /checkout/{id}/correosar_branches). */
    pickup: z.boolean(),
  })
  .meta({ id: 'CheckoutDeliveryOptions' });
export type CheckoutDeliveryOptions = z.infer<typeof CheckoutDeliveryOptionsSchema>;

export const CheckoutSchema = z
  .object({
    id: z.string(),
    cart_id: z.string().nullable(),
    shop_slug: z.string(),
    status: z.enum(CHECKOUT_STATUSES),
    expires_at: z.string(),
    /** Seconds until expiry (0 once expired); the page's countdown. */
    seconds_left: z.number().int(),
    supplier: z.string(),
    supplier_name: z.string(),
    dssupplier: z.string().nullable(),
    currency: z.string(),
    lines: z.array(CartProductSchema),
    subtotal: z.string(),
    subtotal_minor: z.number().int(),
    shipping: z.string().nullable(),
    shipping_minor: z.number().int().nullable(),
    total: z.string(),
    total_minor: z.number().int(),
    contact: CheckoutContactSchema.nullable(),
    address: CheckoutAddressSchema.nullable(),
    delivery: CheckoutDeliverySchema.nullable(),
    /** A product is in the lines: a delivery must be chosen before payment. Services, experiences and digital items
     * need none: such a checkout is ready to pay (with its payment token) from the start. */
    needs_delivery: z.boolean(),
    delivery_options: CheckoutDeliveryOptionsSchema,
    /** An experience is in the lines: one attendee per ticket before payment. */
    needs_attendees: z.boolean(),
    attendees: z.array(CheckoutAttendeeSchema),
    enabled_payment_types: z.array(z.string()),
    payment_token: z.string().nullable(),
    referral: z.string().optional(),
    campaign: z.string().optional(),
    click_id: z.string().optional(),
    public_slug: z.string().nullable(),
  })
  .meta({ id: 'Checkout' });
export type Checkout = z.infer<typeof CheckoutSchema>;

export const CheckoutWithTokenSchema = z.object({ token: z.string(), checkout: CheckoutSchema }).meta({ id: 'CheckoutWithToken' });
export type CheckoutWithToken = z.infer<typeof CheckoutWithTokenSchema>;

export const CheckoutPublicSlugSchema = z.object({ public_slug: z.string() }).meta({ id: 'CheckoutPublicSlug' });
export type CheckoutPublicSlug = z.infer<typeof CheckoutPublicSlugSchema>;
