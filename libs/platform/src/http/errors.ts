import { ErrorCodes } from '@vitrina/contracts';

/**
 * A failure the caller caused or can act on. Carries a stable code from libs/contracts (or the spec)
 * and the HTTP status the API answers with. Domain code throws these; the exception filter maps them.
 */
export class DomainError extends Error {
  /** Extra keys of the refusal body beside code and message (e.g. `{ available }`), kept in the order given. */
  details?: Record<string, unknown>;

  constructor(
    readonly code: string,
    message: string,
    readonly status: number = 400,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found', code: string = ErrorCodes.notFound) {
    super(code, message, 404);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'You may not do this', code: string = ErrorCodes.forbidden) {
    super(code, message, 403);
  }
}

export class ConflictError extends DomainError {
  constructor(code: string, message: string) {
    super(code, message, 409);
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, fields?: Record<string, string[]>, code: string = ErrorCodes.validationFailed) {
    super(code, message, 400, fields);
  }
}
