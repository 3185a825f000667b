import { OrderLimits } from '@vitrina/contracts';
import { describe, expect, it } from 'vitest';
import { pesosToMinor, validateCancel, validateQuote, validateShip } from './forms';

const NOW = new Date(2026, 10, 26, 12, 0); // 26 Nov 2026, local time

describe('the order forms', () => {
  it('reads pesos with up to 2 decimals as exact minor units', () => {
    expect(pesosToMinor('150')).toBe(15000);
    expect(pesosToMinor('150.5')).toBe(15050);
    expect(pesosToMinor(' 1,299.99 ')).toBe(129999);
    expect(pesosToMinor('0.07')).toBe(7);
    for (const bad of ['', '12.345', '-5', 'abc', '1.2.3', '.5']) expect(pesosToMinor(bad)).toBeNull();
  });

  it('asks the quote for a date from today on and a shipping cost within the limit', () => {
    expect(validateQuote({ date: '', cost: '' }, NOW).errors).toEqual({
      date: { key: 'quote.dateRequired' },
      cost: { key: 'quote.costInvalid' },
    });
    expect(validateQuote({ date: '2026-11-25', cost: '10' }, NOW).errors.date).toEqual({ key: 'quote.datePast' });
    expect(validateQuote({ date: '2026-11-26', cost: '100000.01' }, NOW).errors.cost?.key).toBe('quote.costTooHigh');
    expect(validateQuote({ date: '2026-11-26', cost: '150.50' }, NOW)).toEqual({
      errors: {},
      body: { estimated_delivery_date: '2026-11-26', shipping_cost_minor: 15050 },
    });
  });

  it('requires a cancellation reason, and a description of at most 500 characters for "other"', () => {
    expect(validateCancel({ reason: null, message: '' }).errors.reason).toEqual({ key: 'cancel.reasonRequired' });
    expect(validateCancel({ reason: 'other', message: '  ' }).errors.message).toEqual({ key: 'cancel.messageRequired' });
    expect(validateCancel({ reason: 'other', message: 'x'.repeat(OrderLimits.cancellationMessageMax + 1) }).errors.message?.key).toBe(
      'cancel.messageTooLong',
    );
    expect(validateCancel({ reason: 'suspected_fraud', message: '' }).body).toEqual({ reason: 'suspected_fraud' });
    expect(validateCancel({ reason: 'other', message: ' Ya no lo necesito ' }).body).toEqual({
      reason: 'other',
      message: 'Ya no lo necesito',
    });
  });

  it('takes an optional tracking number and an http(s) tracking link when the order ships', () => {
    expect(validateShip({ trackingNumber: '', trackingUrl: '' })).toEqual({ errors: {}, body: {} });
    expect(validateShip({ trackingNumber: 'x'.repeat(61), trackingUrl: 'ftp://a' }).errors).toEqual({
      trackingNumber: { key: 'ship.numberTooLong', values: { max: 60 } },
      trackingUrl: { key: 'ship.urlInvalid' },
    });
    expect(validateShip({ trackingNumber: ' EST1 ', trackingUrl: 'https://t.example/1' }).body).toEqual({
      tracking_number: 'EST1',
      tracking_url: 'https://t.example/1',
    });
  });
});
