import { describe, expect, it } from 'vitest';
import { currencySymbol, formatMoney } from './money';

describe('formatMoney', () => {
  it('always shows 2 decimals with the currency symbol', () => {
    expect(formatMoney(19900, 'MXN')).toBe('$199.00');
    expect(formatMoney(5, 'MXN')).toBe('$0.05');
    expect(formatMoney(129950, 'USD', 'en')).toBe('$1,299.50');
  });

  it('uses the symbols $, € and £', () => {
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('GBP')).toBe('£');
    expect(currencySymbol('ARS')).toBe('$');
    expect(formatMoney(100, 'JPY')).toBe('JPY 1.00');
  });

  it('groups and separates as the regional variant does', () => {
    expect(formatMoney(129950, 'ARS', 'es-AR')).toBe('$1.299,50');
  });
});
