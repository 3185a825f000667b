/** A rate zone as stored: price in minor units (the API adds the 2-decimal string). */
export interface StoredRateZone {
  id: string;
  name: string;
  /** Courier that ships for this zone. */
  carrier: string;
  /** State codes. */
  states: string[];
  /** Postal-code prefixes (1-5 digits). */
  postalPrefixes: string[];
  priceMinor: number;
  days: number;
}

/** A pickup branch as stored. */
export interface StoredBranch {
  id: string;
  name: string;
  address: string;
  phone: string;
  state: string;
  postalCode: string | null;
}

/** A rate as quoted by a broker and stored with its quote (what PUT broker charges is what the shopper saw). */
export interface StoredRate {
  rateId: string;
  carrier: string;
  service: string;
  priceMinor: number;
  currency: string;
  days: number;
}
