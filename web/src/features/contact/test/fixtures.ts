import type { ContactEntry } from '@vitrina/contracts';
import { ME } from '@/test/account-fixtures';

export const SHOP_ID = '01930000-0000-7000-8000-000000000101';
export const SEND = `POST /api/messaging/contact/${SHOP_ID}`;
export const LIST = `GET /api/contact-admin/${ME}:${ME}/${ME}`;
export const entryPath = (id: string) => `GET /api/contact-admin/${ME}:${ME}/${ME}/${id}`;

export function entry(n: number, overrides: Partial<ContactEntry> = {}): ContactEntry {
  return {
    id: `01930000-0000-7000-8000-${String(n).padStart(12, '0')}`,
    shop_id: SHOP_ID,
    user: null,
    name: `Visitante ${n}`,
    email: `visitante${n}@example.com`,
    phone: null,
    message: `Hola, quisiera saber si tienen envíos a Monterrey y cuánto tardan en llegar (pregunta ${n}).`,
    item_id: null,
    created_at: '2026-11-25T10:00:00.000Z',
    ...overrides,
  };
}
