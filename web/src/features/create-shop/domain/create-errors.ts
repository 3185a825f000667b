import { StoreErrorCodes } from '@vitrina/contracts';
import { isApiError } from '@/api/client';

/**
 * What the page tells the user when the creation fails: the slug is taken or reserved (shown under the field too),
 * they already own a shop (with a link to it), their session ended (sign in again), or anything else (try again).
 */
export type CreateFailure = 'slugTaken' | 'slugReserved' | 'alreadyOwned' | 'invalid' | 'signedOut' | 'logo' | 'generic';

export function createFailureOf(error: unknown): CreateFailure {
  if (!isApiError(error)) return 'generic';
  if (error.code === StoreErrorCodes.slugTaken) return 'slugTaken';
  if (error.code === StoreErrorCodes.slugReserved) return 'slugReserved';
  if (error.code === StoreErrorCodes.shopAlreadyOwned) return 'alreadyOwned';
  if (error.status === 401) return 'signedOut';
  if (error.status === 400) return 'invalid';
  return 'generic';
}
