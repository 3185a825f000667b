import { describe, expect, it } from 'vitest';
import { canDecrement, isBlockedQuantityKey, parseQuantity, quantityProblem } from './quantity';

const onStock = { available: 3, stock_type: 'onstock' as const, max_purchase_amount: null };

describe('cart quantity rules (spec 1 §5)', () => {
  it("refuses typing '.', 'e' and '-' (and their cousins), accepts digits and editing keys", () => {
    for (const key of ['.', 'e', 'E', '-', '+', ',']) expect(isBlockedQuantityKey(key)).toBe(true);
    for (const key of ['1', '0', 'Backspace', 'ArrowLeft', 'Tab', 'Enter']) expect(isBlockedQuantityKey(key)).toBe(false);
  });

  it('reads only digits, and nothing while the field is empty', () => {
    expect(parseQuantity('12')).toBe(12);
    expect(parseQuantity('1.5')).toBe(15);
    expect(parseQuantity('')).toBeNull();
    expect(parseQuantity('abc')).toBeNull();
  });

  it('wants an integer of 1 or more', () => {
    expect(quantityProblem(0, onStock)).toEqual({ code: 'invalid_amount' });
    expect(quantityProblem(1.5, onStock)).toEqual({ code: 'invalid_amount' });
    expect(quantityProblem(1, onStock)).toBeNull();
  });

  it('stops at the available units unless the item is made on demand', () => {
    expect(quantityProblem(4, onStock)).toEqual({ code: 'quantity_exceeded', available: 3 });
    expect(quantityProblem(3, onStock)).toBeNull();
    expect(quantityProblem(40, { ...onStock, stock_type: 'ondemand' })).toBeNull();
    expect(quantityProblem(40, { ...onStock, available: null })).toBeNull();
  });

  it('stops at max_purchase_amount when set, saying the maximum', () => {
    expect(quantityProblem(3, { ...onStock, max_purchase_amount: 2 })).toEqual({
      code: 'max_purchase_amount_exceeded',
      max_purchase_amount: 2,
    });
    expect(quantityProblem(9, { available: null, stock_type: 'ondemand', max_purchase_amount: 8 })).toEqual({
      code: 'max_purchase_amount_exceeded',
      max_purchase_amount: 8,
    });
  });

  it('disables the minus control at 1 or less', () => {
    expect(canDecrement(1)).toBe(false);
    expect(canDecrement(0)).toBe(false);
    expect(canDecrement(2)).toBe(true);
  });
});
