/**
 * The cart-checkout answers this page reads (libs/contracts, the same zod schemas the service answers with and the
 * OpenAPI is generated from).
 */
export type {
  CartProduct,
  Checkout,
  CheckoutAddress as Address,
  CheckoutAttendee as Attendee,
  CheckoutContact,
  CheckoutDelivery,
  CheckoutDeliveryOptions,
  CheckoutWithToken as DeliveryAnswer,
  PickupBranch as Branch,
  ShippingRate,
} from '@vitrina/contracts';
import type { components } from '@/api/schema';

/** `POST /checkout/addresses` body. */
export type AddressInput = components['schemas']['AddressDto'];
