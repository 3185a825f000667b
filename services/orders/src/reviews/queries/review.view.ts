import type { Review } from '@vitrina/contracts';
import type * as schema from '../../db/schema.js';

export type ReviewRow = typeof schema.reviews.$inferSelect;

/** A review row as the API answers it (contracts Review). */
export function reviewOf(row: ReviewRow): Review {
  return {
    id: row.id,
    order_id: row.orderId,
    line_id: row.lineId,
    item_id: row.itemId,
    title: row.title,
    rating: row.rating,
    text: row.text,
    photos: row.photos,
    author_name: row.authorName,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
