import { describe, expect, it, vi } from 'vitest';
import { checkoutDeadline, formatCountdown, secondsLeft } from './countdown';
import { IdempotencyKeys, isRetryable } from '@/lib/idempotency-keys';

describe('the checkout countdown (spec 3 §2)', () => {
  it('counts from seconds_left and the moment the answer arrived, not the phone clock against expires_at', () => {
    const deadline = checkoutDeadline({ expires_at: '2000-01-01T00:00:00.000Z', seconds_left: 900 }, 1_000_000);
    expect(deadline).toBe(1_900_000);
    expect(secondsLeft(deadline, 1_000_000)).toBe(900);
    expect(secondsLeft(deadline, 1_899_001)).toBe(1);
    expect(secondsLeft(deadline, 2_000_000)).toBe(0);
    expect(checkoutDeadline({ expires_at: '2026-01-01T00:15:00.000Z' }, 0)).toBe(Date.parse('2026-01-01T00:15:00.000Z'));
  });

  it('reads mm:ss, and h:mm:ss from an hour', () => {
    expect(formatCountdown(900)).toBe('15:00');
    expect(formatCountdown(61)).toBe('01:01');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(3725)).toBe('1:02:05');
  });
});

describe('Idempotency-Key per user action (ARCHITECTURE §8)', () => {
  it('reuses the key on a retry of the same action and body, and makes a new one otherwise', () => {
    const make = vi.fn().mockReturnValueOnce('k1').mockReturnValueOnce('k2').mockReturnValueOnce('k3');
    const keys = new IdempotencyKeys(make);
    const body = { kind: 'broker', body: { rate_id: 'r1', shipment_id: 's1' } };
    expect(keys.keyFor('delivery', body)).toBe('k1');
    expect(keys.keyFor('delivery', { ...body })).toBe('k1');
    expect(keys.keyFor('delivery', { kind: 'pickup', body: { agency_id: 'b1' } })).toBe('k2');
    keys.settle('delivery');
    expect(keys.keyFor('delivery', { kind: 'pickup', body: { agency_id: 'b1' } })).toBe('k3');
  });

  it('retries with the same key only when the answer may still come', () => {
    expect(isRetryable(0, 'network_error')).toBe(true);
    expect(isRetryable(503, 'service_unavailable')).toBe(true);
    expect(isRetryable(409, 'idempotency_key_in_flight')).toBe(true);
    expect(isRetryable(409, 'no_rates_for_destination')).toBe(false);
  });
});
