import { moneyLocale } from '@/lib/money';

/**
 * A commission rate as the API writes it ('0.600000') as a percentage number in the reader's locale: `60`, `62.5`
 * (`62,5` in es-AR). The texts add the sign the way each language writes it ('60 %' in Spanish, '60%' in English).
 */
export function ratePercent(rate: string, language: string): string {
  const value = Number(rate);
  if (!Number.isFinite(value)) return rate;
  // 0.575 * 100 in floats is 57.49999…: round on the rate's own six decimals first.
  const percent = Math.round(value * 1_000_000) / 10_000;
  return new Intl.NumberFormat(moneyLocale(language), { maximumFractionDigits: 1 }).format(percent);
}
