import { ValidationPipe, type ValidationError as ClassValidationError } from '@nestjs/common';
import { ValidationError } from './errors.js';

/**
 * Constraints about what a value is, told before those about its size: `offset=abc` fails `isInt`, `min` and `max`
 * at once (NaN compares false), and "offset must be an integer number" is the one that helps. class-validator lists
 * a property's failures in the reverse order of its decorators, so without this the last-declared bound came first.
 */
const KIND_FIRST = [
  'isDefined',
  'isNotEmpty',
  'isInt',
  'isNumber',
  'isNumberString',
  'isString',
  'isBoolean',
  'isArray',
  'isObject',
  'isEnum',
  'isIn',
];
const rank = (constraint: string) => {
  const i = KIND_FIRST.indexOf(constraint);
  return i < 0 ? KIND_FIRST.length : i;
};

function collect(errors: ClassValidationError[], prefix = '', out: Record<string, string[]> = {}): Record<string, string[]> {
  for (const e of errors) {
    const path = prefix ? `${prefix}.${e.property}` : e.property;
    if (e.constraints) {
      out[path] = Object.entries(e.constraints)
        .sort(([a], [b]) => rank(a) - rank(b))
        .map(([, message]) => message);
    }
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
