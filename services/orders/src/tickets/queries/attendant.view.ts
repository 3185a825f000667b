import type { Attendant, AttendantType } from '@vitrina/contracts';
import type * as schema from '../../db/schema.js';

export type AttendantRow = typeof schema.attendants.$inferSelect;

/** An attendant row as the API shows it; `qrCode` is its signed QR payload. */
export function attendantOf(row: AttendantRow, qrCode: string): Attendant {
  return {
    id: row.id,
    order_id: row.orderId,
    full_name: row.fullName,
    phone: row.phone,
    type: row.type as AttendantType,
    item_id: row.itemId,
    item_name: row.itemName,
    experience_date: row.experienceDate ? row.experienceDate.toISOString() : null,
    qr_code: qrCode,
    used: row.usedAt !== null,
    used_at: row.usedAt ? row.usedAt.toISOString() : null,
  };
}
