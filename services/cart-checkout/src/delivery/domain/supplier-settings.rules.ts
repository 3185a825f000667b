/** The parts of a supplier's settings `is_configured` depends on. */
export interface ConfigurationFacts {
  enabledPaymentTypes: readonly string[];
  fixedShippingCostMinor: number | null;
  fixedShippingDays: number | null;
  rateZoneCount: number;
  branchCount: number;
}

/**
 * issue 11: a supplier is configured with at least one payment type and some way to deliver (fixed shipping,
 * a rate zone or a pickup branch). A checkout of an order that is not configured is refused (spec 3 §4 step 5).
 */
export function isConfigured(s: ConfigurationFacts): boolean {
  const fixed = s.fixedShippingCostMinor !== null && s.fixedShippingDays !== null;
  return s.enabledPaymentTypes.length > 0 && (fixed || s.rateZoneCount > 0 || s.branchCount > 0);
}

export interface MoneyInput {
  /** "99.00" */
  text?: string | null;
  minor?: number | null;
}

export interface RateZoneInput {
  id?: string;
  name: string;
  carrier?: string;
  states?: string[];
  postal_prefixes?: string[];
  price?: string;
  price_minor?: number;
  days: number;
}

export interface BranchInput {
  id?: string;
  name: string;
  address: string;
  phone: string;
  state: string;
  postal_code?: string | null;
}

export interface SettingsInput {
  enabled_payment_types: string[];
  fixed_shipping_cost?: string | null;
  fixed_shipping_cost_minor?: number | null;
  fixed_shipping_days?: number | null;
  scheduled_delivery?: boolean;
  rate_zones?: RateZoneInput[];
  branches?: BranchInput[];
}
