import type { RefundStatus, ReturnRequest } from '@vitrina/contracts';

/** spec 3 §4 'Refund': a pending refund is read again every second, for up to 20 s, until the provider answers. */
export const REFUND_POLL = { intervalMs: 1_000, timeoutMs: 20_000 } as const;

export interface PollOptions {
  intervalMs?: number;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Stops early (the page went away). */
  cancelled?: () => boolean;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Reads the request until the refund `refundId` is no longer pending; its last status (still `pending` when the time
 * ran out or the poll was cancelled). A failed read counts as still pending: the next one may answer.
 */
export async function pollRefund(read: () => Promise<ReturnRequest>, refundId: string, options: PollOptions = {}): Promise<RefundStatus> {
  const { intervalMs = REFUND_POLL.intervalMs, timeoutMs = REFUND_POLL.timeoutMs, sleep = wait, cancelled = () => false } = options;
  for (let waited = 0; waited < timeoutMs; waited += intervalMs) {
    await sleep(intervalMs);
    if (cancelled()) return 'pending';
    try {
      const refund = (await read()).refunds.find((candidate) => candidate.id === refundId);
      if (refund && refund.status !== 'pending') return refund.status;
    } catch {
      /* read again next time */
    }
  }
  return 'pending';
}
