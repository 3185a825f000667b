/**
 * The web's one money formatter. The API gives amounts as integer minor units that are hundredths for every
 * currency (libs/contracts, catalogue-items: `list_price_minor: 19900` with `list_price: "199.00"`); this shows
 * them the way the reader's locale writes that currency, with the currency's own digits (Intl.NumberFormat):
 * `$1,299.50` in es (Mexican conventions) and en, `$ 1.299,50` in es-AR, `$1,300` for CLP (no decimals).
 * spec 1 §2: prices read with the currency symbols $, € and £, so the narrow symbol is used (every peso and
 * the dollar read '$').
 */

/** The Intl locale for an app language: plain `es` is the platform's Mexican Spanish. */
export function moneyLocale(language: string): string {
  return language === 'es' ? 'es-MX' : language;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string, language: string): Intl.NumberFormat {
  const key = `${language}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(moneyLocale(language), {
        style: 'currency',
        currency: currency.toUpperCase(),
        currencyDisplay: 'narrowSymbol',
      });
    } catch {
      // A malformed currency code from old data: the amount still reads, with the code beside it.
      formatter = new Intl.NumberFormat(moneyLocale(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Hundredths as an exact decimal string (`-129950` -> `-1299.50`), so no float ever rounds a price. */
export function minorToDecimal(minor: number): string {
  const whole = Math.trunc(minor);
  const abs = Math.abs(whole);
  return `${whole < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** `19900, 'MXN', 'es'` -> `$199.00`; `129950, 'ARS', 'es-AR'` -> `$ 1.299,50`. */
export function formatMoney(minor: number, currency: string, language = 'es'): string {
  const formatter = formatterFor(currency, language);
  const text = formatter.format(minorToDecimal(minor) as unknown as number);
  return formatter.resolvedOptions().style === 'currency' ? text : `${text} ${currency}`;
}

/** Pesos as typed (`150`, `150.5`, `1,500.00`) to minor units, exactly (no float); null when it is not an amount. */
export function pesosToMinor(text: string): number | null {
  const cleaned = text.trim().replace(/,/g, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
