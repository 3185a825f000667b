import { describe, expect, it } from 'vitest';
import { formatMoney, minorToDecimal } from './money';

// Intl writes a no-break space (U+00A0) between the es-AR symbol and the amount.
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('formatMoney (one formatter for the whole web)', () => {
  it('es: Mexican conventions, the narrow symbol, the currency digits', () => {
    expect(formatMoney(19900, 'MXN')).toBe('$199.00');
    expect(formatMoney(5, 'MXN', 'es')).toBe('$0.05');
    expect(formatMoney(129950, 'MXN', 'es')).toBe('$1,299.50');
    expect(formatMoney(129950, 'EUR', 'es')).toBe('€1,299.50');
    expect(formatMoney(-4950, 'MXN', 'es')).toBe('-$49.50');
  });

  it('en: US conventions', () => {
    expect(formatMoney(129950, 'USD', 'en')).toBe('$1,299.50');
    expect(formatMoney(129950, 'GBP', 'en')).toBe('£1,299.50');
  });

  it('es-AR: `$ 1.299,00`, dot groups and comma decimals', () => {
    expect(plain(formatMoney(129900, 'ARS', 'es-AR'))).toBe('$ 1.299,00');
    expect(plain(formatMoney(129950, 'MXN', 'es-AR'))).toBe('$ 1.299,50');
  });

  it("uses the currency's own digits: none for CLP and JPY", () => {
    expect(formatMoney(129900, 'CLP', 'es')).toBe('$1,299');
    expect(formatMoney(150000, 'JPY', 'en')).toBe('¥1,500');
  });

  it('keeps large amounts exact (no float rounding) and reads a malformed code', () => {
    expect(minorToDecimal(900719925474099)).toBe('9007199254740.99');
    expect(formatMoney(900719925474099, 'MXN', 'es')).toBe('$9,007,199,254,740.99');
    expect(formatMoney(100, 'X', 'es')).toBe('1.00 X');
  });
});
