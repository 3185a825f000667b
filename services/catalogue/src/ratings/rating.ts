import type { CatalogueItemRating } from '@vitrina/contracts';

/** The item page's stars: the average of the ratings with 1 decimal (0 while there is none) and their count. */
export function ratingOf(sum: number, count: number): CatalogueItemRating {
  if (count <= 0) return { average: 0, count: 0 };
  return { average: Math.round((sum / count) * 10) / 10, count };
}

/** What one `orders.order.reviewed` event changes: a new review adds its rating, an edit swaps the previous one. */
export function ratingChange(rating: number, previousRating: number | null): { sum: number; count: number } {
  return previousRating === null ? { sum: rating, count: 1 } : { sum: rating - previousRating, count: 0 };
}

export function isStars(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5;
}
