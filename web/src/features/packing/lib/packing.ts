import { OrderErrorCodes, type OrderPacking } from '@vitrina/contracts';
import { isApiError } from '@/api/client';
import type { PackingKey } from '../i18n/texts';

export type Destination = { value: string; place: number; label: { key: PackingKey; n?: number } };

/**
 * Where units of a place can go: every other package, a new one (packages + 1) and, from a package, the not-packed
 * units (0). The server decides; this only lists what it accepts.
 */
export function destinations(packing: OrderPacking, from: number): Destination[] {
  const out: Destination[] = packing.packages
    .filter((p) => p.index !== from)
    .map((p) => ({ value: String(p.index), place: p.index, label: { key: 'package', n: p.index } }));
  const fresh = packing.packages.length + 1;
  out.push({ value: String(fresh), place: fresh, label: { key: 'move.newPackage' } });
  if (from !== 0) out.push({ value: '0', place: 0, label: { key: 'move.unpack' } });
  return out;
}

/** Grams as kilograms with one decimal (1 kg = 1000 g). */
export function kilograms(grams: number, language: string): string {
  return new Intl.NumberFormat(language === 'es' ? 'es-MX' : language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    grams / 1000,
  );
}

const CODES: readonly string[] = [
  OrderErrorCodes.packageNotFound,
  OrderErrorCodes.lineNotFound,
  OrderErrorCodes.illegalTransition,
  OrderErrorCodes.orderNotFound,
];

/** spec 3 §8: the message of a refused packing change. */
export function packingErrorText(error: unknown, t: (key: PackingKey, values?: Record<string, unknown>) => string): string {
  if (isApiError(error)) {
    if (CODES.includes(error.code)) return t(`errors.${error.code}` as PackingKey);
    if (error.status === 400) return t('errors.invalid', { message: error.message });
  }
  return t('errors.generic');
}
