import { isApiError } from '@/api/client';

/** The error codes `POST /store/shops` answers with (services/store, issue 16). */
export const CreateShopErrorCodes = {
  /** spec 1 §8 'Slug check': 'Este dominio no está disponible'. */
  slugTaken: 'slug_taken',
  slugReserved: 'slug_reserved',
  shopAlreadyOwned: 'shop_already_owned',
} as const;

/**
 * What the page tells the user when the creation fails: the slug is taken or reserved (shown under the field too),
 * they already own a shop (with a link to it), their session ended (sign in again), or anything else (try again).
 */
export type CreateFailure = 'slugTaken' | 'slugReserved' | 'alreadyOwned' | 'invalid' | 'signedOut' | 'generic';

export function createFailureOf(error: unknown): CreateFailure {
  if (!isApiError(error)) return 'generic';
  if (error.code === CreateShopErrorCodes.slugTaken) return 'slugTaken';
  if (error.code === CreateShopErrorCodes.slugReserved) return 'slugReserved';
  if (error.code === CreateShopErrorCodes.shopAlreadyOwned) return 'alreadyOwned';
  if (error.status === 401) return 'signedOut';
  if (error.status === 400) return 'invalid';
  return 'generic';
}
