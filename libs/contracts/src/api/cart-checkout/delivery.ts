import { z } from 'zod';
import { listOf } from '../list.js';

/**
 * Delivery part of the cart-checkout API (issue 11; spec 3 §3 'Address', §4 'Checkout flow' step 2, §8): saved
 * addresses, supplier settings (payment types, fixed shipping, rate zones, pickup branches), shipping rates and
 * branches. Money is shown twice, as everywhere: `x` (string, 2 decimals) and `x_minor` (integer minor units).
 */

/** The 32 Mexican federal entities (ISO 3166-2:MX codes): addresses and rate zones name a state by its code. */
export const MEXICAN_STATES = [
  { code: 'AGU', name: 'Aguascalientes' },
  { code: 'BCN', name: 'Baja California' },
  { code: 'BCS', name: 'Baja California Sur' },
  { code: 'CAM', name: 'Campeche' },
  { code: 'CHP', name: 'Chiapas' },
  { code: 'CHH', name: 'Chihuahua' },
  { code: 'CMX', name: 'Ciudad de México' },
  { code: 'COA', name: 'Coahuila' },
  { code: 'COL', name: 'Colima' },
  { code: 'DUR', name: 'Durango' },
  { code: 'GUA', name: 'Guanajuato' },
  { code: 'GRO', name: 'Guerrero' },
  { code: 'HID', name: 'Hidalgo' },
  { code: 'JAL', name: 'Jalisco' },
  { code: 'MEX', name: 'Estado de México' },
  { code: 'MIC', name: 'Michoacán' },
  { code: 'MOR', name: 'Morelos' },
  { code: 'NAY', name: 'Nayarit' },
  { code: 'NLE', name: 'Nuevo León' },
  { code: 'OAX', name: 'Oaxaca' },
  { code: 'PUE', name: 'Puebla' },
  { code: 'QUE', name: 'Querétaro' },
  { code: 'ROO', name: 'Quintana Roo' },
  { code: 'SLP', name: 'San Luis Potosí' },
  { code: 'SIN', name: 'Sinaloa' },
  { code: 'SON', name: 'Sonora' },
  { code: 'TAB', name: 'Tabasco' },
  { code: 'TAM', name: 'Tamaulipas' },
  { code: 'TLA', name: 'Tlaxcala' },
  { code: 'VER', name: 'Veracruz' },
  { code: 'YUC', name: 'Yucatán' },
  { code: 'ZAC', name: 'Zacatecas' },
] as const;
export type MexicanStateCode = (typeof MEXICAN_STATES)[number]['code'];
export const MEXICAN_STATE_CODES: readonly MexicanStateCode[] = MEXICAN_STATES.map((s) => s.code);

/** Payment types a supplier may enable (the payments issue implements them). */
/** Paid before the order exists (issue 12): card, PayPal-style redirects, cash vouchers, SPEI, the deferred plan. */
export const PREPAID_PAYMENT_TYPES = ['card', 'paypal', 'cash', 'spei', 'aplazo', 'mobbex'] as const;
/**
 * Paid after the order is placed (issue 13; spec 3 §3 'Payment methods': cash on delivery, deposit): the order is
 * created at placement, the seller quotes and later marks it Paid.
 */
export const PAY_LATER_TYPES = ['ondelivery', 'deposit'] as const;
export type PayLaterType = (typeof PAY_LATER_TYPES)[number];
/** Every method a supplier can enable. */
export const PAYMENT_TYPES = [...PREPAID_PAYMENT_TYPES, ...PAY_LATER_TYPES] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const DELIVERY_TYPES = ['fixed', 'broker', 'pickup'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

/** Limits of the delivery part (one source for the server's checks and the web's forms). */
export const DeliveryLimits = {
  addressesPerUser: 20,
  rateZonesMax: 100,
  branchesMax: 50,
  postalPrefixesPerZoneMax: 200,
  shippingDaysMax: 90,
  /** Fixed shipping and zone prices: at most 100,000.00. */
  shippingPriceMaxMinor: 10_000_000,
  nameMax: 100,
  textMax: 200,
} as const;

/** Error codes of the delivery part (spec 3 §8 'Other checkout messages', plus validation codes). */
export const DeliveryErrorCodes = {
  noShippingOptions: 'no_shipping_options',
  noRatesForDestination: 'no_rates_for_destination',
  courierQuoteFailed: 'courier_quote_failed',
  branchesNotAvailable: 'branches_not_available',
  fixedDeliveryNotAvailable: 'fixed_delivery_not_available',
  rateNotFound: 'rate_not_found',
  branchNotFound: 'branch_not_found',
  addressNotFound: 'address_not_found',
  addressLimitReached: 'address_limit_reached',
  invalidState: 'invalid_state',
  invalidPostalCode: 'invalid_postal_code',
  invalidPhone: 'invalid_phone',
  invalidSettings: 'invalid_supplier_settings',
  scheduledDateRequired: 'scheduled_date_required',
  invalidScheduledDate: 'invalid_scheduled_date',
} as const;

export const CheckoutAddressSchema = z
  .object({
    id: z.string(),
    /** Who receives the parcel. */
    address_name: z.string(),
    address_phone: z.string(),
    /** Street and number as one line (built from route + street_number when not sent). */
    street_address: z.string(),
    route: z.string(),
    street_number: z.string(),
    /** ISO 3166-1 alpha-2; only 'MX' for now. */
    country: z.literal('MX'),
    /** Mexican state code (MEXICAN_STATES). */
    administrative_area_level_1: z.enum(MEXICAN_STATES.map((s) => s.code) as [MexicanStateCode, ...MexicanStateCode[]]),
    /** City or municipality. */
    locality: z.string(),
    /** Neighbourhood (colonia); null when not given. */
    sublocality: z.string().nullable(),
    /** 5 digits. */
    postal_code: z.string(),
    formatted_address: z.string(),
  })
  .meta({ id: 'CheckoutAddress' });
export type CheckoutAddress = z.infer<typeof CheckoutAddressSchema>;

export const CheckoutAddressListSchema = listOf(CheckoutAddressSchema);
export type CheckoutAddressList = z.infer<typeof CheckoutAddressListSchema>;

export const RateZoneSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** Courier that ships for this zone (shown as the rate's carrier). */
    carrier: z.string(),
    /** State codes the zone covers. */
    states: z.array(z.string()),
    /** Postal-code prefixes (1-5 digits) the zone covers; a prefix match beats a state match. */
    postal_prefixes: z.array(z.string()),
    price: z.string(),
    price_minor: z.number().int(),
    days: z.number().int(),
  })
  .meta({ id: 'RateZone' });
export type RateZone = z.infer<typeof RateZoneSchema>;

export const PickupBranchSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    address: z.string(),
    phone: z.string(),
    /** State code. */
    state: z.string(),
    postal_code: z.string().nullable(),
  })
  .meta({ id: 'PickupBranch' });
export type PickupBranch = z.infer<typeof PickupBranchSchema>;

export const PickupBranchListSchema = listOf(PickupBranchSchema);
export type PickupBranchList = z.infer<typeof PickupBranchListSchema>;

export const SupplierSettingsSchema = z
  .object({
    supplier_id: z.string(),
    enabled_payment_types: z.array(z.enum(PAYMENT_TYPES)),
    /** Fixed shipping (spec 3 §9: a cost for a stated number of days); null when the supplier offers none. */
    fixed_shipping_cost: z.string().nullable(),
    fixed_shipping_cost_minor: z.number().int().nullable(),
    fixed_shipping_days: z.number().int().nullable(),
    /** When true, fixed delivery asks for a date and time (spec 3 §5). */
    scheduled_delivery: z.boolean(),
    currency: z.string(),
    rate_zones: z.array(RateZoneSchema),
    branches: z.array(PickupBranchSchema),
    /** ≥ 1 payment type and some way to deliver (fixed shipping, a rate zone or a branch). */
    is_configured: z.boolean(),
  })
  .meta({ id: 'SupplierSettings' });
export type SupplierSettings = z.infer<typeof SupplierSettingsSchema>;

export const ShippingRateSchema = z
  .object({
    rate_id: z.string(),
    shipment_id: z.string(),
    carrier: z.string(),
    service: z.string(),
    price: z.string(),
    price_minor: z.number().int(),
    currency: z.string(),
    /** Estimated days to deliver. */
    days: z.number().int(),
  })
  .meta({ id: 'ShippingRate' });
export type ShippingRate = z.infer<typeof ShippingRateSchema>;

export const ShippingRateListSchema = listOf(ShippingRateSchema);
export type ShippingRateList = z.infer<typeof ShippingRateListSchema>;
