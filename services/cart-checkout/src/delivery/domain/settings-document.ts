import { DeliveryLimits } from '@vitrina/contracts';
import type { StoredBranch, StoredRateZone } from './delivery.types.js';
import { requirePhone, requirePostalCode, stateCode } from './address.rules.js';
import { DeliveryErrors } from './delivery.errors.js';
import { parseMoney } from './money.js';
import type { SettingsInput } from './supplier-settings.rules.js';

/** A supplier's settings as saved (PUT replaces the whole document). */
export interface SettingsDocument {
  enabledPaymentTypes: string[];
  fixedShippingCostMinor: number | null;
  fixedShippingDays: number | null;
  scheduledDelivery: boolean;
  rateZones: StoredRateZone[];
  branches: StoredBranch[];
}

/** The carrier a zone without one is shipped by. */
export const DEFAULT_CARRIER = 'Paquetería';

/**
 * A money field sent as the 2-decimal string, as minor units, or both (then they must agree); null/absent = none.
 * Returns undefined when neither was sent.
 */
function money(
  text: string | null | undefined,
  minor: number | null | undefined,
  field: string,
  problems: Record<string, string[]>,
): number | null {
  const fromText = typeof text === 'string' ? parseMoney(text) : null;
  const fromMinor = typeof minor === 'number' ? minor : null;
  if (fromText !== null && fromMinor !== null && fromText !== fromMinor) {
    problems[field] = [`${field} and ${field}_minor disagree`];
    return null;
  }
  const value = fromText ?? fromMinor;
  if (value !== null && value > DeliveryLimits.shippingPriceMaxMinor) {
    problems[field] = [`${field} may be at most ${DeliveryLimits.shippingPriceMaxMinor / 100}`];
    return null;
  }
  return value;
}

/**
 * Checks what the DTO cannot (cross-field rules, states, postal codes, unique ids) and builds the stored document.
 * Every problem is reported at once: 400 `invalid_supplier_settings` with `fields` (or `invalid_state`,
 * `invalid_postal_code`, `invalid_phone` for the first such field); nothing is saved.
 */
export function settingsDocument(input: SettingsInput, newId: () => string): SettingsDocument {
  const problems: Record<string, string[]> = {};
  const fixedCost = money(input.fixed_shipping_cost, input.fixed_shipping_cost_minor, 'fixed_shipping_cost', problems);
  const fixedDays = input.fixed_shipping_days ?? null;
  if ((fixedCost === null) !== (fixedDays === null) && !problems.fixed_shipping_cost) {
    problems[fixedCost === null ? 'fixed_shipping_cost' : 'fixed_shipping_days'] = [
      'fixed shipping needs both a cost and a number of days (or neither)',
    ];
  }

  const seenZoneIds = new Set<string>();
  const rateZones: StoredRateZone[] = (input.rate_zones ?? []).map((z, i) => {
    const at = `rate_zones.${i}`;
    const states: string[] = [];
    for (const [j, s] of (z.states ?? []).entries()) {
      const code = stateCode(s);
      if (!code) throw DeliveryErrors.invalidState(`${at}.states.${j}`);
      if (!states.includes(code)) states.push(code);
    }
    const postalPrefixes = [...new Set(z.postal_prefixes ?? [])];
    if (states.length === 0 && postalPrefixes.length === 0)
      problems[`${at}.states`] = ['a zone covers at least one state or postal prefix'];
    const price = money(z.price, z.price_minor, `${at}.price`, problems);
    if (price === null && !problems[`${at}.price`]) problems[`${at}.price`] = ['a zone has a price (price or price_minor)'];
    const id = z.id ?? newId();
    if (seenZoneIds.has(id)) problems[`${at}.id`] = ['zone ids must be unique'];
    seenZoneIds.add(id);
    return {
      id,
      name: z.name.trim(),
      carrier: z.carrier?.trim() || DEFAULT_CARRIER,
      states,
      postalPrefixes,
      priceMinor: price ?? 0,
      days: z.days,
    };
  });

  const seenBranchIds = new Set<string>();
  const branches: StoredBranch[] = (input.branches ?? []).map((b, i) => {
    const at = `branches.${i}`;
    const state = stateCode(b.state);
    if (!state) throw DeliveryErrors.invalidState(`${at}.state`);
    const id = b.id ?? newId();
    if (seenBranchIds.has(id)) problems[`${at}.id`] = ['branch ids must be unique'];
    seenBranchIds.add(id);
    return {
      id,
      name: b.name.trim(),
      address: b.address.trim(),
      phone: requirePhone(b.phone, `${at}.phone`),
      state,
      postalCode: b.postal_code == null ? null : requirePostalCode(b.postal_code, `${at}.postal_code`),
    };
  });

  if (Object.keys(problems).length > 0) throw DeliveryErrors.invalidSettings('The supplier settings are not valid', problems);
  return {
    enabledPaymentTypes: [...new Set(input.enabled_payment_types)],
    fixedShippingCostMinor: fixedCost,
    fixedShippingDays: fixedDays,
    scheduledDelivery: input.scheduled_delivery ?? false,
    rateZones,
    branches,
  };
}
