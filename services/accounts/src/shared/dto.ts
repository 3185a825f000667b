import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, Length, Matches, ValidateBy, buildMessage } from 'class-validator';
import { OptionalNullable } from '@vitrina/platform';

const isEmpty = (value: unknown): boolean => value === '' || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * spec 2 §3: empty fields are dropped (they count as absent). null is an empty field too, so the optional fields
 * carrying these transforms are `@OptionalNullable()` with that meaning: null = not sent.
 */
export const DropEmpty = (): PropertyDecorator => Transform(({ value }) => (isEmpty(value) ? undefined : value));

/** Trims a string and drops it when empty. */
export const Trimmed = (): PropertyDecorator =>
  Transform(({ value }) => {
    if (typeof value !== 'string') return isEmpty(value) ? undefined : value;
    const v = value.trim();
    return v === '' ? undefined : v;
  });

/** spec 2 §5: spaces are stripped from e-mail and phone; e-mails compare lower-cased. */
export const EmailField = (): PropertyDecorator =>
  Transform(({ value }) => {
    if (typeof value !== 'string') return isEmpty(value) ? undefined : value;
    const v = value.replace(/\s+/g, '').toLowerCase();
    return v === '' ? undefined : v;
  });

/** Phone digits: spaces and the usual formatting characters `( ) - .` removed. */
export const PhoneField = (): PropertyDecorator =>
  Transform(({ value }) => {
    if (typeof value === 'number') return String(value);
    if (typeof value !== 'string') return isEmpty(value) ? undefined : value;
    const v = value.replace(/[\s().-]+/g, '');
    return v === '' ? undefined : v;
  });

/** Country calling code digits (`+52` -> `52`). */
export const CountryCodeField = (): PropertyDecorator =>
  Transform(({ value }) => {
    if (typeof value === 'number') return String(value);
    if (typeof value !== 'string') return isEmpty(value) ? undefined : value;
    const v = value.replace(/[\s+]+/g, '');
    return v === '' ? undefined : v;
  });

/** ISO country, upper-cased. */
export const CountryField = (): PropertyDecorator =>
  Transform(({ value }) => {
    if (typeof value !== 'string') return isEmpty(value) ? undefined : value;
    const v = value.trim().toUpperCase();
    return v === '' ? undefined : v;
  });

/** Form posts send booleans as strings. */
export const BooleanField = (): PropertyDecorator =>
  Transform(({ value }) => {
    if (isEmpty(value)) return undefined;
    if (value === 'true' || value === '1' || value === 1) return true;
    if (value === 'false' || value === '0' || value === 0) return false;
    return value;
  });

export const PIN_PATTERN = /^\d{6}$/;
export const ISO_COUNTRY_PATTERN = /^[A-Z]{2}$/;
export const COUNTRY_CODE_PATTERN = /^\d{1,3}$/;
export const PHONE_PATTERN = /^\d{10}$/;

/**
 * The account a request names (sign-in, password reset): `username` (an e-mail or a phone number), or `email`, or
 * `phone` with its `country` / `country_code`. `users/domain/contact.ts` `loginIdentifier` decides which one counts.
 */
export class AccountIdentifierDto {
  @ApiPropertyOptional({ description: 'E-mail or phone number' })
  @Trimmed()
  @OptionalNullable()
  @IsString()
  @Length(1, 254)
  username?: string;
  @ApiPropertyOptional() @Trimmed() @OptionalNullable() @IsString() @Length(1, 254) email?: string;
  @ApiPropertyOptional() @PhoneField() @OptionalNullable() @Matches(/^\+?\d{6,15}$/, { message: 'invalid number' }) phone?: string;
  @ApiPropertyOptional() @CountryField() @OptionalNullable() @Matches(ISO_COUNTRY_PATTERN) country?: string;
  @ApiPropertyOptional() @CountryCodeField() @OptionalNullable() @Matches(COUNTRY_CODE_PATTERN) country_code?: string;
}

/** A gallery URL: absolute http(s), or a path on our own host (`/api/gallery/...`). Never `javascript:`, `data:`, `//host`. */
export function isImageUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return false;
  if (value.startsWith('/')) return !value.startsWith('//') && !/[\s\\]/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

export const IsImageUrl = (): PropertyDecorator =>
  ValidateBy({
    name: 'isImageUrl',
    validator: {
      validate: (value) => isImageUrl(value),
      defaultMessage: buildMessage((each) => `${each}$property must be an http(s) URL or a path returned by the gallery upload`),
    },
  });
