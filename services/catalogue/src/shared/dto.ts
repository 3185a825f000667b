import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsString, Matches, Max, MaxLength, Min, registerDecorator, type ValidationOptions } from 'class-validator';
import { Optional, OptionalNullable } from '@vitrina/platform';

/** A price as the spec shows it: "199", "199.5" or "199.50" (a JSON number with at most 2 decimals is accepted too); null is refused. */
export function MoneyField(description: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: String, example: '199.00', description }),
    Optional(),
    Transform(({ value }) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value)),
    IsString(),
    Matches(/^\d{1,10}(\.\d{1,2})?$/, { message: '$property must be an amount with at most 2 decimals, e.g. 199.00' }),
  );
}

/** The same price in integer minor units (19900), for clients that do arithmetic. `nullable`: null removes it. */
export function MinorUnitsField(description: string, nullable = false): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: Number, example: 19900, description, nullable }),
    nullable ? OptionalNullable() : Optional(),
    Type(() => Number),
    IsInt(),
    Min(0),
    Max(9_999_999_999),
  );
}

/** An image or page address: absolute http(s) URL or a path on this site (`/api/gallery/files/...`). */
export function IsWebOrPathUrl(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name: 'isWebOrPathUrl',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: '$property must be an http(s) URL or a path starting with /', ...options },
      validator: {
        validate(value: unknown) {
          return typeof value === 'string' && isWebOrPathUrl(value);
        },
      },
    });
  };
}

export function isWebOrPathUrl(value: string): boolean {
  if (value.length > 2048 || /\s/.test(value)) return false;
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Comma-joined list in a query string (`ids=a,b,c`) -> array. */
export function CsvQuery(maxItems: number, maxLength = 64): PropertyDecorator {
  return applyDecorators(
    Optional(),
    Transform(({ value }) =>
      (Array.isArray(value) ? value.join(',') : String(value ?? ''))
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    ),
    IsString({ each: true }),
    MaxLength(maxLength, { each: true }),
    (target: object, propertyName: string | symbol) => {
      registerDecorator({
        name: 'maxItems',
        target: target.constructor,
        propertyName: propertyName as string,
        options: { message: `$property accepts at most ${maxItems} values` },
        validator: { validate: (v: unknown) => !Array.isArray(v) || v.length <= maxItems },
      });
    },
  );
}

/** Free text of a search box: trimmed, at most 100 characters. */
export function SearchTextQuery(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ description: 'Text matched against name, tags and description (word prefixes)' }),
    Optional(),
    Transform(({ value }) => (typeof value === 'string' ? value.trim() : value)),
    IsString(),
    MaxLength(100),
  );
}
