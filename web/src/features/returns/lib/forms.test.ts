import { ReturnLimits } from '@vitrina/contracts';
import { describe, expect, it } from 'vitest';
import { pesosToMinor, validateLabel, validateRefund, validateReturnForm } from './forms';

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

  it('take a label address of 10 to 500 characters, and leave out the carrier and guide when empty', () => {
    const empty = { shipTo: '', carrier: '', trackingNumber: '' };
    expect(validateLabel(empty).errors.shipTo?.key).toBe('validation.shipToRequired');
    expect(validateLabel({ ...empty, shipTo: '  Calle 1  ' }).errors.shipTo).toEqual({
      key: 'validation.tooShort',
      values: { min: ReturnLimits.labelShipToMin },
    });
    expect(validateLabel({ ...empty, shipTo: 'x'.repeat(ReturnLimits.labelShipToMax + 1) }).errors.shipTo?.key).toBe('validation.tooLong');
    const long = validateLabel({ shipTo: 'Av. Juárez 10, CDMX', carrier: 'x'.repeat(61), trackingNumber: 'y'.repeat(61) });
    expect(long.errors.carrier).toEqual({ key: 'validation.tooLong', values: { max: ReturnLimits.labelCarrierMax } });
    expect(long.errors.trackingNumber).toEqual({ key: 'validation.tooLong', values: { max: ReturnLimits.labelTrackingMax } });
    expect(long.body).toBeUndefined();
    expect(validateLabel({ shipTo: ' Av. Juárez 10\nCDMX ', carrier: ' ', trackingNumber: ' EST1 ' })).toEqual({
      errors: {},
      body: { ship_to: 'Av. Juárez 10\nCDMX', tracking_number: 'EST1' },
    });
  });
});
