/** `19900, 'MXN'` -> `$199.00 MXN`-style text with 2 decimals, grouped by the language's convention. */
export function formatPrice(minor: number, currency: string, language: string): string {
  const amount = new Intl.NumberFormat(language === 'es' ? 'es-MX' : language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    minor / 100,
  );
  return `$${amount} ${currency}`;
}
