import type { Attendant, AttendantList, CheckInResult } from '@vitrina/contracts';
import { ME } from '@/test/account-fixtures';

export const OWNER = `${ME}:${ME}`;
export const ORDER = 'ord_1';
/** The order's tickets (gateway path). */
export const ATTENDANTS = `/api/orders/${OWNER}/orders/${ORDER}/attendants`;
export const CHECKIN = '/api/orders/checkin';

const MAC = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdE';

export function attendant(overrides: Partial<Attendant> = {}): Attendant {
  const id = overrides.id ?? 'att_1';
  return {
    id,
    order_id: ORDER,
    full_name: 'Ana López',
    phone: '5512345678',
    type: 'purchase',
    item_id: 'item_1',
    item_name: 'Cata de mezcal',
    experience_date: '2027-03-14T19:30:00.000Z',
    qr_code: `vt1.${id}.${MAC}`,
    used: false,
    used_at: null,
    ...overrides,
  };
}

/** `n` tickets starting at `from` (1-based numbers in the names). */
export function attendants(n: number, from = 1): Attendant[] {
  return Array.from({ length: n }, (_, i) => attendant({ id: `att_${from + i}`, full_name: `Asistente ${from + i}` }));
}

export function attendantList(results: Attendant[], total = results.length): AttendantList {
  return { results, matches_estimated: total };
}

export function checkInResult(status: CheckInResult['status'], overrides: Partial<Attendant> = {}): CheckInResult {
  return { status, attendant: attendant({ used: true, used_at: '2026-11-26T18:05:00.000Z', ...overrides }) };
}
