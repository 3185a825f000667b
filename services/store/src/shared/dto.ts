import { registerDecorator, type ValidationOptions } from 'class-validator';
import type { TransformFnParams } from 'class-transformer';
import { isWebOrPath } from './text.js';

/** An image or link address: an http(s) URL or a path on this site (`/api/gallery/files/...`). */
export function IsWebOrPathUrl(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name: 'isWebOrPathUrl',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: '$property must be an http(s) URL or a path starting with /', ...options },
      validator: { validate: (value: unknown) => typeof value === 'string' && isWebOrPath(value) },
    });
  };
}

/** spec 1 §5: empty values are sent (and stored) as null. Strings are trimmed. */
export function emptyToNull({ value }: TransformFnParams): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Trims strings (a title of spaces is an empty title). */
export function trim({ value }: TransformFnParams): unknown {
  return typeof value === 'string' ? value.trim() : value;
}
