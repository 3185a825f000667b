import { DeliveryLimits, MEXICAN_STATES, PAYMENT_TYPES, type PaymentType, type SupplierSettings } from '@vitrina/contracts';

/**
 * The supplier settings form (issue 11 'Supplier settings'): what the supplier types, its checks (the same limits
 * as the server's, from libs/contracts) and the body of `PUT /checkout/supplier-settings`, which replaces the whole
 * document (what is absent is cleared).
 */

export interface ZoneValues {
  /** React key; the server's id for an existing zone is kept in `id`. */
  key: string;
  id?: string;
  name: string;
  carrier: string;
  states: string[];
  /** Comma- or space-separated postal-code prefixes, as typed. */
  postal_prefixes: string;
  price: string;
  days: string;
}

export interface BranchValues {
  key: string;
  id?: string;
  name: string;
  address: string;
  phone: string;
  state: string;
  postal_code: string;
}

export interface SettingsValues {
  enabled_payment_types: PaymentType[];
  fixed_enabled: boolean;
  fixed_shipping_cost: string;
  fixed_shipping_days: string;
  scheduled_delivery: boolean;
  rate_zones: ZoneValues[];
  branches: BranchValues[];
}

export type SettingsErrorKey =
  'required' | 'money' | 'moneyMax' | 'days' | 'prefixes' | 'zoneCoverage' | 'phone' | 'postalCode' | 'state' | 'paymentTypes' | 'tooLong';

/** Errors by field path: `fixed_shipping_cost`, `rate_zones.0.name`, `branches.1.phone`... */
export type SettingsErrors = Record<string, SettingsErrorKey>;

export const STATE_OPTIONS = MEXICAN_STATES.map((state) => ({ value: state.code, label: state.name }));

let counter = 0;
export function newKey(): string {
  counter += 1;
  return `new-${counter}`;
}

export function emptyZone(): ZoneValues {
  return { key: newKey(), name: '', carrier: '', states: [], postal_prefixes: '', price: '', days: '' };
}

export function emptyBranch(): BranchValues {
  return { key: newKey(), name: '', address: '', phone: '', state: '', postal_code: '' };
}

export function valuesFromSettings(settings: SupplierSettings): SettingsValues {
  return {
    enabled_payment_types: settings.enabled_payment_types.filter((type): type is PaymentType =>
      (PAYMENT_TYPES as readonly string[]).includes(type),
    ),
    fixed_enabled: settings.fixed_shipping_cost !== null,
    fixed_shipping_cost: settings.fixed_shipping_cost ?? '',
    fixed_shipping_days: settings.fixed_shipping_days === null ? '' : String(settings.fixed_shipping_days),
    scheduled_delivery: settings.scheduled_delivery,
    rate_zones: settings.rate_zones.map((zone) => ({
      key: zone.id,
      id: zone.id,
      name: zone.name,
      carrier: zone.carrier,
      states: [...zone.states],
      postal_prefixes: zone.postal_prefixes.join(', '),
      price: zone.price,
      days: String(zone.days),
    })),
    branches: settings.branches.map((branch) => ({
      key: branch.id,
      id: branch.id,
      name: branch.name,
      address: branch.address,
      phone: branch.phone,
      state: branch.state,
      postal_code: branch.postal_code ?? '',
    })),
  };
}

const MONEY = /^\d{1,10}(\.\d{1,2})?$/;

/** `"149"` → `"149.00"`; the amount in minor units for the limit check. */
function moneyMinor(text: string): number {
  const [whole = '0', cents = ''] = text.split('.');
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
}

export function normalizeMoney(text: string): string {
  const clean = text.trim().replace(',', '.');
  if (!MONEY.test(clean)) return clean;
  const [whole = '0', cents = ''] = clean.split('.');
  return `${Number(whole)}.${cents.padEnd(2, '0')}`;
}

export function parsePrefixes(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter(Boolean))];
}

function phoneDigits(value: string): string {
  const v = value.replace(/[\s\-().]+/g, '');
  return /^\+?52\d{10}$/.test(v) ? v.slice(-10) : v;
}

function checkMoney(text: string): SettingsErrorKey | null {
  const clean = text.trim().replace(',', '.');
  if (!clean) return 'required';
  if (!MONEY.test(clean)) return 'money';
  if (moneyMinor(clean) > DeliveryLimits.shippingPriceMaxMinor) return 'moneyMax';
  return null;
}

function checkDays(text: string): SettingsErrorKey | null {
  if (!text.trim()) return 'required';
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 && n <= DeliveryLimits.shippingDaysMax ? null : 'days';
}

export function validateSettings(values: SettingsValues): SettingsErrors {
  const errors: SettingsErrors = {};
  const put = (path: string, key: SettingsErrorKey | null) => {
    if (key) errors[path] = key;
  };
  if (values.enabled_payment_types.length === 0) errors.enabled_payment_types = 'paymentTypes';
  if (values.fixed_enabled) {
    put('fixed_shipping_cost', checkMoney(values.fixed_shipping_cost));
    put('fixed_shipping_days', checkDays(values.fixed_shipping_days));
  }
  values.rate_zones.forEach((zone, i) => {
    const base = `rate_zones.${i}`;
    if (!zone.name.trim()) errors[`${base}.name`] = 'required';
    else if (zone.name.trim().length > DeliveryLimits.nameMax) errors[`${base}.name`] = 'tooLong';
    if (zone.carrier.trim().length > DeliveryLimits.nameMax) errors[`${base}.carrier`] = 'tooLong';
    const prefixes = parsePrefixes(zone.postal_prefixes);
    if (prefixes.some((p) => !/^\d{1,5}$/.test(p)) || prefixes.length > DeliveryLimits.postalPrefixesPerZoneMax) {
      errors[`${base}.postal_prefixes`] = 'prefixes';
    } else if (prefixes.length === 0 && zone.states.length === 0) errors[`${base}.states`] = 'zoneCoverage';
    put(`${base}.price`, checkMoney(zone.price));
    put(`${base}.days`, checkDays(zone.days));
  });
  values.branches.forEach((branch, i) => {
    const base = `branches.${i}`;
    if (!branch.name.trim()) errors[`${base}.name`] = 'required';
    else if (branch.name.trim().length > DeliveryLimits.nameMax) errors[`${base}.name`] = 'tooLong';
    if (!branch.address.trim()) errors[`${base}.address`] = 'required';
    else if (branch.address.trim().length > DeliveryLimits.textMax) errors[`${base}.address`] = 'tooLong';
    if (!/^\d{10}$/.test(phoneDigits(branch.phone))) errors[`${base}.phone`] = 'phone';
    if (!MEXICAN_STATES.some((state) => state.code === branch.state)) errors[`${base}.state`] = 'state';
    if (branch.postal_code.trim() && !/^\d{5}$/.test(branch.postal_code.trim())) errors[`${base}.postal_code`] = 'postalCode';
  });
  return errors;
}

/** issue 11: configured = ≥ 1 payment type and some way to deliver (fixed shipping, a rate zone or a branch). */
export function wouldBeConfigured(values: SettingsValues): boolean {
  return values.enabled_payment_types.length > 0 && (values.fixed_enabled || values.rate_zones.length > 0 || values.branches.length > 0);
}

/** The whole document for `PUT /checkout/supplier-settings`. */
export function settingsBody(values: SettingsValues) {
  return {
    enabled_payment_types: PAYMENT_TYPES.filter((type) => values.enabled_payment_types.includes(type)),
    fixed_shipping_cost: values.fixed_enabled ? normalizeMoney(values.fixed_shipping_cost) : null,
    fixed_shipping_days: values.fixed_enabled ? Number(values.fixed_shipping_days) : null,
    scheduled_delivery: values.fixed_enabled && values.scheduled_delivery,
    rate_zones: values.rate_zones.map((zone) => ({
      ...(zone.id ? { id: zone.id } : {}),
      name: zone.name.trim(),
      ...(zone.carrier.trim() ? { carrier: zone.carrier.trim() } : {}),
      states: zone.states,
      postal_prefixes: parsePrefixes(zone.postal_prefixes),
      price: normalizeMoney(zone.price),
      days: Number(zone.days),
    })),
    branches: values.branches.map((branch) => ({
      ...(branch.id ? { id: branch.id } : {}),
      name: branch.name.trim(),
      address: branch.address.trim(),
      phone: phoneDigits(branch.phone),
      state: branch.state,
      postal_code: branch.postal_code.trim() || null,
    })),
  };
}

export type SettingsBody = ReturnType<typeof settingsBody>;
