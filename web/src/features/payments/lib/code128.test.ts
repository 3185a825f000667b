import { describe, expect, it } from 'vitest';
import { BARCODE_MAX_LENGTH, CODE128_PATTERNS, code128Symbols, code128Widths } from './code128';

describe('Code 128 for the voucher barcode', () => {
  it('has the 107 symbols, each 11 modules wide (the stop 13), all different', () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    CODE128_PATTERNS.forEach((pattern, index) => {
      const modules = pattern.split('').reduce((sum, width) => sum + Number(width), 0);
      expect(modules).toBe(index === 106 ? 13 : 11);
    });
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
  });

  it('encodes an even run of digits in set C, two digits a symbol, with the checksum', () => {
    // start C (105) + 12×1 + 34×2 = 185; 185 mod 103 = 82
    expect(code128Symbols('1234')).toEqual([105, 12, 34, 82, 106]);
  });

  it('encodes other text in set B', () => {
    // start B (104) + 'A'(33)×1 + 'b'(66)×2 + '1'(17)×3 = 104+33+132+51 = 320; 320 mod 103 = 11
    expect(code128Symbols('Ab1')).toEqual([104, 33, 66, 17, 11, 106]);
    expect(code128Symbols('123')).toEqual([104, 17, 18, 19, (104 + 17 + 36 + 57) % 103, 106]);
  });

  it('gives bar/space widths starting with a bar, and nothing for what it cannot draw', () => {
    const widths = code128Widths('1234');
    expect(widths?.slice(0, 6)).toEqual([2, 1, 1, 2, 3, 2]);
    expect(widths?.reduce((a, b) => a + b, 0)).toBe(11 * 4 + 13);
    expect(code128Widths('')).toBeNull();
    expect(code128Widths('ñandú')).toBeNull();
    expect(code128Widths('9'.repeat(BARCODE_MAX_LENGTH + 1))).toBeNull();
  });
});

describe('the bars drawn', () => {
  it('places every bar after the quiet zone, the total including both quiet zones', async () => {
    const { code128Bars } = await import('./code128');
    const drawn = code128Bars('1234', 10);
    expect(drawn?.bars[0]).toEqual({ x: 10, width: 2 });
    expect(drawn?.total).toBe(10 + 11 * 4 + 13 + 10);
    expect(drawn?.bars).toHaveLength(3 * 4 + 4);
    expect(code128Bars('', 10)).toBeNull();
  });
});
