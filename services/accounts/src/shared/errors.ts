import { ErrorCodes } from '@vitrina/contracts';
import { DomainError } from '@vitrina/platform';

/** A refusal the caller may retry later; the RetryAfterInterceptor turns `retryAfterSeconds` into a Retry-After header. */
export class RetryLaterError extends DomainError {
  constructor(
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
    status = 429,
  ) {
    super(code, message, status);
  }
}

export function rateLimited(message: string, retryAfterSeconds: number): RetryLaterError {
  return new RetryLaterError(ErrorCodes.rateLimited, message, Math.max(1, Math.ceil(retryAfterSeconds)));
}
