import { MEXICAN_STATES, type MexicanStateCode } from '@vitrina/contracts';
import { DeliveryErrors } from './delivery.errors.js';

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const byKey = new Map<string, MexicanStateCode>();
for (const s of MEXICAN_STATES) {
  byKey.set(fold(s.code), s.code);
  byKey.set(fold(s.name), s.code);
}
// common alternative names
byKey.set(fold('CDMX'), 'CMX');
byKey.set(fold('Distrito Federal'), 'CMX');
byKey.set(fold('México'), 'MEX');
byKey.set(fold('Coahuila de Zaragoza'), 'COA');
byKey.set(fold('Michoacán de Ocampo'), 'MIC');
byKey.set(fold('Veracruz de Ignacio de la Llave'), 'VER');

/** A state given by code or name (accents and case ignored) → its code; undefined when it is not one of the 32. */
export function stateCode(value: string): MexicanStateCode | undefined {
  return byKey.get(fold(value));
}

export function stateName(code: string): string {
  return MEXICAN_STATES.find((s) => s.code === code)?.name ?? code;
}

/** The state's code, or 400 `invalid_state` naming `field`. */
export function requireState(value: string, field: string): MexicanStateCode {
  const code = stateCode(value);
  if (!code) throw DeliveryErrors.invalidState(field);
  return code;
}

/** Mexican postal codes have 5 digits (spaces around are dropped). */
export function requirePostalCode(value: string, field: string): string {
  const v = value.replace(/\s+/g, '');
  if (!/^\d{5}$/.test(v)) throw DeliveryErrors.invalidPostalCode(field);
  return v;
}

/**
 * A Mexican phone number: whitespace, dashes, dots and parentheses are dropped (spec 3 §5: whitespace stripped),
 * a +52 / 52 country prefix too; 10 digits remain.
 */
export function requirePhone(value: string, field: string): string {
  let v = value.replace(/[\s\-().]+/g, '');
  if (/^\+?52\d{10}$/.test(v)) v = v.slice(-10);
  if (!/^\d{10}$/.test(v)) throw DeliveryErrors.invalidPhone(field);
  return v;
}

export interface AddressText {
  streetAddress: string;
  sublocality: string | null;
  locality: string;
  state: string;
  postalCode: string;
}

/** One line for labels and lists: "Av. Juárez 12, Centro, 06000 Cuauhtémoc, Ciudad de México, México". */
export function formatAddress(a: AddressText): string {
  return [a.streetAddress, a.sublocality, `${a.postalCode} ${a.locality}`, stateName(a.state), 'México']
    .filter((p): p is string => !!p && p.trim().length > 0)
    .join(', ');
}
