import { ApiProperty } from '@nestjs/swagger';
import { ValidateIf, registerDecorator, type ValidationOptions } from 'class-validator';

/**
 * What an optional field does with `null`, decided in the DTO (issue 9 item 2). class-validator's bare
 * `@IsOptional()` skips every check for `null` as well as for an absent field, so `{"title":null}` used to
 * travel past validation into a NOT NULL column (a 500). Every optional field uses one of these instead,
 * and a test in each service fails on a bare `IsOptional`:
 *
 * - `@Optional()`: may be absent; `null` is refused with 400 `validation_failed`, like a wrong type.
 * - `@OptionalNullable()`: may be absent or `null`; `null` has a meaning the spec gives ("null clears",
 *   "null is an empty field and dropped") that the DTO's comment names and the service applies.
 * - `@Nullable()`: must be present; `null` is an accepted value with a documented meaning.
 *
 * The checks after the decorator (`@IsString()`, `@Matches()`, `@ValidateNested()`...) then run only on a
 * real value. Transforms (`@Transform`) run before validation: one that turns "" into null makes "" mean
 * what null means.
 */

function refuse(name: string, message: string, test: (value: unknown) => boolean, options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message, ...options },
      validator: { validate: test },
    });
  };
}

/**
 * May be absent; when sent it must be a real value: `null` answers 400 `validation_failed`. (A validation
 * decorator for DTO fields; not `Optional` of `@nestjs/common`, which marks an optional injected dependency.)
 */
export function Optional(options?: ValidationOptions): PropertyDecorator {
  const runIfSent = ValidateIf((_o, value) => value !== undefined, options);
  const notNull = refuse('isNotNull', '$property must not be null', (value) => value !== null, options);
  return (target: object, propertyName: string | symbol) => {
    runIfSent(target, propertyName);
    notNull(target, propertyName);
  };
}

/**
 * May be absent or `null`; the other checks run only on a real value. Use it only where the spec gives
 * `null` a meaning, say which in the field's comment, and make the service apply it (clear the column,
 * restore the default, treat it as absent).
 */
export function OptionalNullable(options?: ValidationOptions): PropertyDecorator {
  const runIfValue = ValidateIf((_o, value) => value !== undefined && value !== null, options);
  const documented = ApiProperty({ required: false, nullable: true });
  return (target: object, propertyName: string | symbol) => {
    documented(target, propertyName);
    runIfValue(target, propertyName);
  };
}

/** Must be sent; `null` is accepted (with the meaning the field's comment gives), other values are checked. */
export function Nullable(options?: ValidationOptions): PropertyDecorator {
  const runIfValue = ValidateIf((_o, value) => value !== null, options);
  const present = refuse('isPresent', '$property is required (null is allowed)', (value) => value !== undefined, options);
  const documented = ApiProperty({ nullable: true });
  return (target: object, propertyName: string | symbol) => {
    documented(target, propertyName);
    runIfValue(target, propertyName);
    present(target, propertyName);
  };
}
