import type { Review } from '@vitrina/contracts';
import { ME } from '@/test/account-fixtures';

export { deliveredOrder, orderLine } from '@/test/order-fixtures';

export const OWNER = `${ME}:${ME}`;

export function review(overrides: Partial<Review> = {}): Review {
  return {
    id: 'rev_1',
    order_id: 'ord_1',
    line_id: 'l1',
    item_id: 'item_1',
    title: 'Muy bonita',
    rating: 4,
    text: 'Llegó bien empacada.',
    photos: ['/api/gallery/files/foto-1.jpg'],
    author_name: 'Ana Pérez',
    created_at: '2026-11-24T10:00:00.000Z',
    updated_at: '2026-11-24T10:00:00.000Z',
    ...overrides,
  };
}
