import { ValidationPipe, type ValidationError as ClassValidationError } from '@nestjs/common';
import { ValidationError } from './errors.js';

function collect(errors: ClassValidationError[], prefix = '', out: Record<string, string[]> = {}): Record<string, string[]> {
  for (const e of errors) {
    const path = prefix ? `${prefix}.${e.property}` : e.property;
    if (e.constraints) out[path] = Object.values(e.constraints);
    if (e.children?.length) collect(e.children, path, out);
  }
  return out;
}

/**
 * Global validation: DTOs are whitelisted, unknown fields refused, strings converted to the
 * declared types. Failures answer 400 `{ code: 'validation_failed', message, fields }`.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: false,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const fields = collect(errors);
      const first = Object.entries(fields)[0];
      const message = first ? `${first[0]}: ${first[1][0]}` : 'Invalid request';
      return new ValidationError(message, fields);
    },
  });
}
