import type { CheckInResult } from '@vitrina/contracts';
import { api, unwrap } from '@/api/client';

/**
 * `POST /orders/checkin { code }` with an Idempotency-Key: a retry of one scan (the answer never came) reuses its key
 * and gets the first answer, not 'already used' by itself.
 */
export function checkInTicket(code: string, idempotencyKey: string): Promise<CheckInResult> {
  return unwrap(api.POST('/api/orders/checkin', { params: { header: { 'Idempotency-Key': idempotencyKey } }, body: { code } }));
}
