import { CatalogueErrorCodes, ErrorCodes, StoreErrorCodes, StoreLimits } from '@vitrina/contracts';
import { isApiError, NETWORK_ERROR_CODE } from '@/api/client';

/**
 * What a refused owner write tells the owner, in their language (as features/auth does for spec 2 §8): the
 * server's code, and for a refused limit the field it names, pick an i18n key of the `shopAdmin` namespace;
 * the server's English `message` is never shown. Anything unknown is spec 1 §8's 'Ocurrió un error'.
 */
export type ShopAdminErrorKey =
  | 'errors.tooManyHeaders'
  | 'errors.tooManyBanners'
  | 'errors.invalidImage'
  | 'errors.tooLarge'
  | 'errors.forbidden'
  | 'errors.notFound'
  | 'errors.rateLimited'
  | 'errors.network'
  | 'errors.unavailable'
  | 'errors.invalidText'
  | 'validation.invalidCarouselLink'
  | 'validation.invalidName'
  | 'settings.errors.slugTaken'
  | 'picker.invalidProduct'
  | 'catalogues.hasProducts'
  | 'catalogues.positionTryLater'
  | 'common.genericError';

const BY_CODE: Record<string, ShopAdminErrorKey> = {
  [StoreErrorCodes.invalidImage]: 'errors.invalidImage',
  [StoreErrorCodes.invalidCarouselLink]: 'validation.invalidCarouselLink',
  [StoreErrorCodes.slugTaken]: 'settings.errors.slugTaken',
  [CatalogueErrorCodes.invalidName]: 'validation.invalidName',
  [ErrorCodes.invalidProduct]: 'picker.invalidProduct',
  [ErrorCodes.productCatalogueHasProducts]: 'catalogues.hasProducts',
  [ErrorCodes.updatingPositionError]: 'catalogues.positionTryLater',
  [ErrorCodes.payloadTooLarge]: 'errors.tooLarge',
  [ErrorCodes.forbidden]: 'errors.forbidden',
  [ErrorCodes.notFound]: 'errors.notFound',
  [ErrorCodes.rateLimited]: 'errors.rateLimited',
  [ErrorCodes.serviceUnavailable]: 'errors.unavailable',
  [ErrorCodes.upstreamTimeout]: 'errors.unavailable',
  [ErrorCodes.invalidText]: 'errors.invalidText',
  [NETWORK_ERROR_CODE]: 'errors.network',
};

export function shopAdminErrorKey(error: unknown): ShopAdminErrorKey {
  if (!isApiError(error)) return 'common.genericError';
  // The per-shop limits are refused as a validation failure naming the list (store: header/banner handlers).
  if (error.code === ErrorCodes.validationFailed && error.fields) {
    if (error.fields['headers']) return 'errors.tooManyHeaders';
    if (error.fields['banners']) return 'errors.tooManyBanners';
  }
  if (Object.hasOwn(BY_CODE, error.code)) return BY_CODE[error.code]!;
  if (error.status === 403) return 'errors.forbidden';
  return 'common.genericError';
}

/** The interpolation values the keys above use. */
export const SHOP_ADMIN_ERROR_VALUES = { maxHeaders: StoreLimits.headersPerShopMax, maxBanners: StoreLimits.bannersPerShopMax };
