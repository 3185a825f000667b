import { ApiProperty } from '@nestjs/swagger';
import { ValidateIf, getMetadataStorage, registerDecorator, type ValidationOptions } from 'class-validator';

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

/** Validators whose value is a string, a whole number, a number or a boolean (class-validator's names). */
const STRING_CHECKS = new Set([
  'isString',
  'matches',
  'maxLength',
  'minLength',
  'isLength',
  'isEmail',
  'isUrl',
  'isWebOrPathUrl',
  'isWebAddress',
  'isImageUrl',
  'isDateString',
  'isISO8601',
  'isUUID',
  'isHexColor',
]);
const DATE_CHECKS = new Set(['isDateString', 'isISO8601']);

/**
 * The OpenAPI type of a property, read from the class-validator checks already on it (a property's decorators
 * run bottom-up, so the checks written under `@Optional()` & co. are registered by then). Needed because,
 * without the Swagger CLI plugin (it cannot run on TypeScript 7), the only type Nest's Swagger sees is
 * `design:type`, which is `Object` for `string | null`: every nullable field came out as `type: object`
 * and the web's generated body types as `Record<string, never>` (issue 10 §1).
 */
function checkedType(target: object, propertyName: string): { type: string; format?: string } | undefined {
  const names = new Map<string, unknown[] | undefined>();
  for (const m of getMetadataStorage().getTargetValidationMetadatas(target.constructor, '', true, false)) {
    if (m.propertyName === propertyName && m.name) names.set(m.name, m.constraints as unknown[] | undefined);
  }
  if (names.has('isInt')) return { type: 'integer' };
  if (names.has('isNumber')) return { type: 'number' };
  if (names.has('isBoolean')) return { type: 'boolean' };
  for (const name of DATE_CHECKS) if (names.has(name)) return { type: 'string', format: 'date-time' };
  for (const name of STRING_CHECKS) if (names.has(name)) return { type: 'string' };
  if (names.has('min') || names.has('max')) return { type: 'number' };
  const allowed = names.get('isIn')?.[0];
  if (Array.isArray(allowed) && allowed.length > 0) {
    const kinds = new Set(allowed.map((v) => typeof v));
    if (kinds.size === 1 && (kinds.has('string') || kinds.has('number') || kinds.has('boolean'))) return { type: [...kinds][0] };
  }
  return undefined;
}

const SWAGGER_PROPERTY = 'swagger/apiModelProperties';

/**
 * Gives the property its OpenAPI `type` from its checks when Swagger would otherwise take `Object` from
 * `design:type`; an explicit `@ApiProperty({ type })` (an array, a nested DTO, an enum) is left alone.
 */
function describe(target: object, propertyName: string, options: { required?: boolean; nullable?: boolean }): void {
  const existing = Reflect.getMetadata(SWAGGER_PROPERTY, target, propertyName) as { type?: unknown } | undefined;
  const known = existing?.type ?? Reflect.getMetadata('design:type', target, propertyName);
  const inferred = known === undefined || known === Object ? checkedType(target, propertyName) : undefined;
  if (!inferred && options.nullable === undefined) return;
  ApiProperty({ ...options, ...inferred } as Parameters<typeof ApiProperty>[0])(target, propertyName);
}

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
    describe(target, propertyName as string, { required: false });
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
  return (target: object, propertyName: string | symbol) => {
    describe(target, propertyName as string, { required: false, nullable: true });
    runIfValue(target, propertyName);
  };
}

/** Must be sent; `null` is accepted (with the meaning the field's comment gives), other values are checked. */
export function Nullable(options?: ValidationOptions): PropertyDecorator {
  const runIfValue = ValidateIf((_o, value) => value !== null, options);
  const present = refuse('isPresent', '$property is required (null is allowed)', (value) => value !== undefined, options);
  return (target: object, propertyName: string | symbol) => {
    describe(target, propertyName as string, { nullable: true });
    runIfValue(target, propertyName);
    present(target, propertyName);
  };
}
