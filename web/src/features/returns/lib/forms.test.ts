import { ReturnLimits } from '@vitrina/contracts';
import { describe, expect, it } from 'vitest';
import { pesosToMinor, validateRefund, validateReturnForm } from './forms';

describe('the return forms', () => {
  it('turn pesos with up to 2 decimals into minor units exactly', () => {
    expect(pesosToMinor('150')).toBe(15000);
    expect(pesosToMinor('150.5')).toBe(15050);
    expect(pesosToMinor('1,234.56')).toBe(123456);
    expect(pesosToMinor('0.1')).toBe(10);
    expect(pesosToMinor('1.234')).toBeNull();
    expect(pesosToMinor('-5')).toBeNull();
    expect(pesosToMinor('abc')).toBeNull();
  });

  it('cap a refund at the amount available', () => {
    expect(validateRefund('', 1000).error?.key).toBe('validation.amountRequired');
    expect(validateRefund('0', 1000).error?.key).toBe('validation.amountPositive');
    expect(validateRefund('10.01', 1000).error?.key).toBe('validation.amountExceeds');
    expect(validateRefund('10.00', 1000)).toEqual({ amountMinor: 1000 });
  });

  it('require a reason and keep the optional fields within their limits', () => {
    const empty = { reason: '', subReason: '', photos: [], comments: '' };
    expect(validateReturnForm(empty).errors.reason?.key).toBe('validation.reasonRequired');
    const long = validateReturnForm({ ...empty, reason: 'defective', subReason: 'x'.repeat(ReturnLimits.subReasonMax + 1) });
    expect(long.errors.subReason).toEqual({ key: 'validation.tooLong', values: { max: ReturnLimits.subReasonMax } });
    expect(validateReturnForm({ ...empty, reason: 'defective', subReason: ' Pantalla ', comments: '  ' }).body).toEqual({
      reason: 'defective',
      sub_reason: 'Pantalla',
    });
  });
});
