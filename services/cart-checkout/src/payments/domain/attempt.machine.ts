import type { AttemptStatus } from '@vitrina/contracts';
import type { ProviderPaymentStatus } from './payment-provider.js';

/**
 * The payment attempt's state machine (issue 12; ARCHITECTURE §8 'Payments'), as a table: what an attempt in a given
 * state becomes when the provider reports a given state. Missing pairs are no-ops (a late or repeated report changes
 * nothing). The provider is the truth about money: a success is recorded whatever we had (a canceled, expired or
 * failed attempt that the provider then charged), and the checkout's own gate decides whether it pays the checkout or
 * is refunded. `approved` (a buyer approved a redirect payment; the capture is still to run) counts as processing.
 */
const LIVE: readonly AttemptStatus[] = ['created', 'requires_action', 'processing'];

const TABLE: Readonly<Record<AttemptStatus, Partial<Record<ProviderPaymentStatus, AttemptStatus>>>> = {
  created: {
    requires_action: 'requires_action',
    approved: 'processing',
    processing: 'processing',
    succeeded: 'succeeded',
    failed: 'failed',
    expired: 'expired',
    canceled: 'canceled',
  },
  requires_action: {
    approved: 'processing',
    processing: 'processing',
    succeeded: 'succeeded',
    failed: 'failed',
    expired: 'expired',
    canceled: 'canceled',
  },
  processing: { succeeded: 'succeeded', failed: 'failed', expired: 'expired', canceled: 'canceled' },
  succeeded: {},
  failed: { succeeded: 'succeeded' },
  expired: { succeeded: 'succeeded' },
  canceled: { succeeded: 'succeeded' },
};

/** The attempt's next state, or null when the report changes nothing. */
export function nextAttemptStatus(current: AttemptStatus, reported: ProviderPaymentStatus): AttemptStatus | null {
  return TABLE[current][reported] ?? null;
}

export function isLive(status: string): boolean {
  return (LIVE as readonly string[]).includes(status);
}

export const LIVE_ATTEMPT_STATUSES = LIVE;
