import type { OrderState } from '@vitrina/contracts';

/** spec 3 §3 'Review': the customer reviews a line of an order it received, once per line. */
export function mayReview(state: OrderState): boolean {
  return state === 'delivered';
}

/** What a review says (title, rating, text, photos), trimmed as it is stored. */
export interface ReviewContent {
  title: string;
  rating: number;
  text: string;
  photos: string[];
}

/** A photo list without repeats, in the order given. */
export function distinctPhotos(photos: readonly string[]): string[] {
  return [...new Set(photos.map((p) => p.trim()).filter((p) => p.length > 0))];
}
