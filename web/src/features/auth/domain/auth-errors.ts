import { AccountsErrorCodes, ErrorCodes } from '@vitrina/contracts';
import { ApiError, isApiError, NETWORK_ERROR_CODE } from '@/api/client';

/**
 * spec 2 §8 error catalogue: the message (i18n key, namespace `auth`) each server code shows. Anything not
 * listed shows the unknown-error message. Every one of them is shown as a 'Failed' toast unless a form
 * field can carry it (see `fieldOfError`).
 */
const MESSAGE_BY_CODE = {
  [ErrorCodes.existingUser]: 'errors.existing_user',
  [ErrorCodes.userAlreadyExists]: 'errors.user_already_exists',
  [ErrorCodes.userAlreadyActive]: 'errors.user_already_active',
  [ErrorCodes.userDoesNotExist]: 'errors.user_does_not_exist',
  [ErrorCodes.invalidPin]: 'errors.invalid_pin',
  [ErrorCodes.expiredPin]: 'errors.invalid_pin',
  [ErrorCodes.emailClientFailure]: 'errors.email_client_failure',
  [ErrorCodes.emailServerFailure]: 'errors.email_server_failure',
  [ErrorCodes.rateLimited]: 'errors.rate_limited',
  [ErrorCodes.validationFailed]: 'errors.validation_failed',
  [ErrorCodes.serviceUnavailable]: 'errors.service_unavailable',
  [AccountsErrorCodes.notEligible]: 'errors.not_eligible',
  [AccountsErrorCodes.invalidCredentials]: 'errors.invalid_credentials',
  [AccountsErrorCodes.userNotActive]: 'errors.user_not_active',
  [AccountsErrorCodes.pinLocked]: 'errors.pin_locked',
  [NETWORK_ERROR_CODE]: 'errors.network_error',
  // spec 2 §8 internal failures of the PIN flow (an answer without its actions).
  invalid_notification_action: 'errors.invalid_notification_action',
  invalid_set_auth_action: 'errors.invalid_set_auth_action',
} as const;

export type AuthErrorMessageKey = (typeof MESSAGE_BY_CODE)[keyof typeof MESSAGE_BY_CODE] | 'errors.unknown';

export function errorCodeOf(error: unknown): string | null {
  return isApiError(error) ? error.code : null;
}

/** The i18n key of the message for a failed call. */
export function authErrorMessageKey(error: unknown): AuthErrorMessageKey {
  const code = errorCodeOf(error);
  if (code && Object.hasOwn(MESSAGE_BY_CODE, code)) return MESSAGE_BY_CODE[code as keyof typeof MESSAGE_BY_CODE];
  return 'errors.unknown';
}

/**
 * spec 2 §8 `not_eligible` is followed by a second line: eligibility could not be checked. Other codes have one line.
 */
export function authErrorDetailKey(error: unknown): 'errors.not_eligible_detail' | null {
  return errorCodeOf(error) === AccountsErrorCodes.notEligible ? 'errors.not_eligible_detail' : null;
}

/**
 * spec 2 §5: an existing user is shown on the field that holds the contact data (the phone in the phone
 * flow, otherwise the e-mail); a validation error names its field. Null: the error belongs in a toast.
 */
export function fieldOfError(error: unknown, channel: 'email' | 'phone'): string | null {
  if (!isApiError(error)) return null;
  if (error.code === ErrorCodes.existingUser) return channel === 'phone' ? 'phone' : 'email';
  if (error.code === ErrorCodes.validationFailed && error.fields) {
    const [first] = Object.keys(error.fields);
    if (first === 'username') return 'email';
    return first ?? null;
  }
  return null;
}

/** A refusal that says how long to wait (429 with `Retry-After`: sign-in throttling, rate limits). */
export class RetryLaterApiError extends ApiError {
  readonly retryAfterSeconds: number;

  constructor(error: ApiError, retryAfterSeconds: number) {
    super(error.status, error.code, error.message, error.fields);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The seconds a refused call asks to wait, when it said. */
export function retryAfterOf(error: unknown): number | null {
  return error instanceof RetryLaterApiError ? error.retryAfterSeconds : null;
}

/** `Retry-After` in seconds (RFC 9110 §10.2.3 also allows a date; the services send seconds). */
export function parseRetryAfter(header: string | null): number | null {
  const seconds = Number(header);
  return header && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

/** A wait in the reader's language, rounded up to whole seconds, minutes or hours: "15 minutos", "1 hour". */
export function formatWait(seconds: number, locale: string): string {
  const [value, unit] =
    seconds < 60
      ? [Math.ceil(seconds), 'second']
      : seconds < 3600
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
