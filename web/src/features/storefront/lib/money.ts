/** Money on the storefront: integer minor units in, text with 2 decimals out (spec 1 §2 'Product card'). */

/** spec 1 §2: the offer badge uses the currency symbols $, € and £. Every peso and the dollar read '$'. */
const SYMBOLS: Readonly<Record<string, string>> = {
  MXN: '$',
  USD: '$',
  ARS: '$',
  CLP: '$',
  COP: '$',
  CAD: '$',
  UYU: '$',
  EUR: '€',
  GBP: '£',
};

export function currencySymbol(currency: string): string {
  return SYMBOLS[currency.toUpperCase()] ?? `${currency.toUpperCase()} `;
}

/**
 * `19900, 'MXN'` -> `$199.00` (`$1,299.00` in es/en, `$1.299,00` in es-AR). Always 2 decimals. The division
 * is exact enough for display; all arithmetic happens on the integers before this.
 */
export function formatMoney(minor: number, currency: string, locale = 'es'): string {
  const amount = new Intl.NumberFormat(locale === 'es' ? 'es-MX' : locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: true,
  }).format(minor / 100);
  const sign = minor < 0 ? '-' : '';
  return `${sign}${currencySymbol(currency)}${amount.replace(/^-/, '')}`;
}
