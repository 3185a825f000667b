import type { StoredBranch } from '../../db/delivery-schema.js';
import type { Destination } from '../domain/table-rates.js';

/** What a checkout asks a broker to quote: who ships (the supplier, or the dropshipping supplier), to where. */
export interface QuoteInput {
  checkoutId: string;
  /** The party that ships: the checkout's dssupplier when there is one, else its supplier. */
  shipperId: string;
  currency: string;
  destination: Destination;
}

/** One rate a broker offers; `shipmentId` identifies the quote it belongs to (the same for every rate of a quote). */
export interface BrokerRate {
  rateId: string;
  shipmentId: string;
  carrier: string;
  service: string;
  priceMinor: number;
  currency: string;
  days: number;
}

/**
 * The shipping broker port (issue 11 'Delivery'): quotes rates for a destination and lists pickup branches.
 * A broker refuses with a DomainError it chooses (`no_shipping_options`...); any other failure is a courier failure
 * that the checkout reports as 409 `courier_quote_failed`. The table-rate broker is built in; others plug in here.
 */
export abstract class ShippingBroker {
  /** Rates for the destination, cheapest first; [] when nothing covers it. */
  abstract quote(input: QuoteInput): Promise<BrokerRate[]>;
  /** Where a shopper may pick the parcel up ([] when nowhere). */
  abstract branches(shipperId: string): Promise<StoredBranch[]>;
}

export const SHIPPING_BROKERS = ['table-rate'] as const;
export type ShippingBrokerName = (typeof SHIPPING_BROKERS)[number];
