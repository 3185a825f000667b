/**
 * Error codes the API answers with `{ code, message }`. One source for web and services.
 * Codes named by the spec keep the spec's spelling (including its typos, e.g. slug_public_was_alrready_generated).
 */
export const ErrorCodes = {
  // generic (platform)
  validationFailed: 'validation_failed',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  payloadTooLarge: 'payload_too_large',
  rateLimited: 'rate_limited',
  conflict: 'conflict',
  internal: 'internal_error',
  serviceUnavailable: 'service_unavailable',
  /** The gateway gave up waiting for a service. */
  upstreamTimeout: 'upstream_timeout',
  badRequest: 'bad_request',
  /** NUL or invalid Unicode (lone surrogate, bytes that are not UTF-8) in a path, query, header or body. */
  invalidText: 'invalid_text',
  unsupportedMediaType: 'unsupported_media_type',
  methodNotAllowed: 'method_not_allowed',
  /** Request headers larger than the server accepts (431). */
  headersTooLarge: 'headers_too_large',
  /** A path segment longer than the router accepts (414). */
  uriTooLong: 'uri_too_long',
  /** The request did not arrive in time (408). */
  requestTimeout: 'request_timeout',
  // storefront (spec 1 §8)
  shopNotFound: 'shop_not_found',
  invalidProduct: 'invalid_product',
  productCatalogueHasProducts: 'product_catalogue_has_products',
  updatingPositionError: 'updating_position_error',
  /** A shop listing's `filter` (spec 1 §5 'Search filter syntax') has an unknown key or an invalid value. */
  invalidFilter: 'invalid_filter',
  // accounts (spec 2 §8)
  existingUser: 'existing_user',
  userAlreadyExists: 'user_already_exists',
  userAlreadyActive: 'user_already_active',
  userDoesNotExist: 'user_does_not_exist',
  invalidPin: 'invalid_pin',
  expiredPin: 'expired_pin',
  emailClientFailure: 'email_client_failure',
  emailServerFailure: 'email_server_failure',
  // checkout (spec 3 §8)
  insufficientStock: 'insufficient_stock',
  unavailableForSale: 'unavailable_for_sale',
  outOfStock: 'out_of_stock',
  slugPublicWasAlreadyGenerated: 'slug_public_was_alrready_generated',
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/** The body of every error answer. */
export interface ErrorBody {
  code: string;
  message: string;
  /** Field-level details for validation errors: field path -> messages. */
  fields?: Record<string, string[]>;
}
