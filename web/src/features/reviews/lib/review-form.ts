import { OrderLimits, REVIEW_RATING } from '@vitrina/contracts';
import { isApiError } from '@/api/client';
import type { ReviewBody } from '../api/write-review';
import type { ReviewsKey } from '../i18n/texts';

export interface ReviewValues {
  title: string;
  rating: number;
  text: string;
  photos: string[];
}

export type ReviewErrors = Partial<Record<'title' | 'rating' | 'text' | 'photos', { key: ReviewsKey; values?: Record<string, unknown> }>>;

export const EMPTY_REVIEW: ReviewValues = { title: '', rating: 0, text: '', photos: [] };

/** The form's rules, the server's limits (libs/contracts OrderLimits, REVIEW_RATING): a body to send, or what to fix. */
export function validateReview(values: ReviewValues): { body: ReviewBody | null; errors: ReviewErrors } {
  const errors: ReviewErrors = {};
  const title = values.title.trim();
  const text = values.text.trim();
  if (!Number.isInteger(values.rating) || values.rating < REVIEW_RATING.min || values.rating > REVIEW_RATING.max) {
    errors.rating = { key: 'validation.rating' };
  }
  if (!title) errors.title = { key: 'validation.titleRequired' };
  else if (title.length > OrderLimits.reviewTitleMax)
    errors.title = { key: 'validation.titleTooLong', values: { max: OrderLimits.reviewTitleMax } };
  if (text.length > OrderLimits.reviewTextMax) errors.text = { key: 'validation.textTooLong', values: { max: OrderLimits.reviewTextMax } };
  if (values.photos.length > OrderLimits.reviewPhotosMax) {
    errors.photos = { key: 'validation.tooManyPhotos', values: { max: OrderLimits.reviewPhotosMax } };
  }
  if (Object.keys(errors).length > 0) return { body: null, errors };
  return { body: { title, rating: values.rating, text, photos: values.photos }, errors };
}

const CODES: readonly string[] = ['review_not_allowed', 'review_exists', 'review_not_found', 'order_not_found', 'line_not_found'];

/** spec 3 §8: the message of a refused review write. */
export function reviewErrorText(error: unknown, t: (key: ReviewsKey, values?: Record<string, unknown>) => string): string {
  if (isApiError(error)) {
    if (CODES.includes(error.code)) return t(`errors.${error.code}` as ReviewsKey);
    if (error.status === 400) return t('errors.invalid', { message: error.message });
  }
  return t('errors.generic');
}
