import { describe, expect, it } from 'vitest';
import { chartPath } from './chart';
import { validateCashout } from './forms';

const CLABE = '002010077777777771';

describe('the cash-out form', () => {
  it('takes an amount between the minimum and the balance available, and a valid CLABE', () => {
    expect(validateCashout({ amount: '150.50', clabe: CLABE }, 20_000, '$100.00')).toEqual({
      errors: {},
      body: { amount_minor: 15050, clabe: CLABE },
    });
    expect(validateCashout({ amount: '150', clabe: '' }, 20_000, '$100.00').errors.clabe?.key).toBe('validation.clabeRequired');
  });

  it('refuses too little, too much, bad amounts and a CLABE whose check digit fails', () => {
    const check = (amount: string, clabe = CLABE) => validateCashout({ amount, clabe }, 20_000, '$100.00').errors;
    expect(check('').amount?.key).toBe('validation.amountRequired');
    expect(check('1.234').amount?.key).toBe('validation.amountInvalid');
    expect(check('99.99').amount).toEqual({ key: 'validation.amountBelowMinimum', values: { amount: '$100.00' } });
    expect(check('200.01').amount?.key).toBe('validation.amountExceeds');
    expect(check('150', '002010077777777772').clabe?.key).toBe('validation.clabeInvalid');
    expect(check('150', '12345').clabe?.key).toBe('validation.clabeInvalid');
    expect(check('150', '002 010 077777777771').clabe).toBeUndefined();
  });
});

describe('the balance chart', () => {
  it('draws the points left to right, the highest balance at the top', () => {
    expect(
      chartPath(
        [
          { date: '2026-11-01', balance_minor: 0 },
          { date: '2026-11-02', balance_minor: 100 },
        ],
        100,
        50,
        0,
      ),
    ).toBe('M0.0,50.0 L100.0,0.0');
    expect(chartPath([], 100, 50)).toBe('');
  });

  it('draws one day as a level line across (a single point would show nothing)', () => {
    expect(chartPath([{ date: '2026-11-01', balance_minor: 100 }], 100, 50, 0)).toBe('M0.0,0.0 L100.0,0.0');
  });
});
