import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { IsEmail, IsIn, IsString, Length, Matches, MaxLength } from 'class-validator';
import { OptionalNullable } from '@vitrina/platform';
import type { Channel } from '@vitrina/contracts';
import { RegisterUserDto } from '../../../registration/commands/register-user/register-user.dto.js';
import {
  COUNTRY_CODE_PATTERN,
  CountryCodeField,
  CountryField,
  DropEmpty,
  EmailField,
  ISO_COUNTRY_PATTERN,
  PIN_PATTERN,
  PhoneField,
  Trimmed,
} from '../../../shared/dto.js';

/**
 * spec 2 §3 `POST /activate/pin/`: pin, code, type plus the registration data (every registration field is
 * accepted; `password` is the new password, required when the PIN is skipped).
 */
// skipNullProperties: false: the inherited fields keep their own null rule (the default skips every check on null).
export class ActivateWithPinDto extends PartialType(RegisterUserDto, { skipNullProperties: false }) {
  @ApiPropertyOptional({ description: '6 digits; absent only when the PIN may be skipped' })
  @PhoneField()
  @OptionalNullable()
  @Matches(PIN_PATTERN, { message: 'the PIN has 6 digits' })
  pin?: string;

  @ApiPropertyOptional({ description: 'The registration code from the registration answer' })
  @Trimmed()
  @OptionalNullable()
  @IsString()
  @MaxLength(128)
  code?: string;
}

/** `POST /auth/activate/pin/resend`: a new PIN, by the other channel or to an edited e-mail or phone. */
export class ResendPinDto {
  @ApiProperty({ description: 'The registration code' })
  @Trimmed()
  @IsString()
  @Length(1, 128)
  code!: string;

  @ApiPropertyOptional({ enum: ['email', 'phone'] })
  @DropEmpty()
  @OptionalNullable()
  @IsIn(['email', 'phone'])
  type?: Channel;

  @ApiPropertyOptional() @EmailField() @OptionalNullable() @IsEmail({}, { message: 'invalid e-mail' }) @MaxLength(254) email?: string;
  @ApiPropertyOptional() @EmailField() @OptionalNullable() @IsEmail({}, { message: 'invalid e-mail' }) @MaxLength(254) username?: string;
  @ApiPropertyOptional() @PhoneField() @OptionalNullable() @Matches(/^\d{1,14}$/, { message: 'invalid number' }) phone?: string; // a mobile of `country`: mobileNumber()
  @ApiPropertyOptional() @CountryField() @OptionalNullable() @Matches(ISO_COUNTRY_PATTERN) country?: string;
  @ApiPropertyOptional() @CountryCodeField() @OptionalNullable() @Matches(COUNTRY_CODE_PATTERN) country_code?: string;
  @ApiPropertyOptional({ enum: ['es', 'en', 'es-AR'] }) @DropEmpty() @OptionalNullable() @IsIn(['es', 'en', 'es-AR']) locale?:
    'es' | 'en' | 'es-AR';
  @ApiPropertyOptional() @Trimmed() @OptionalNullable() @IsString() @MaxLength(2048) activation_url?: string;
}
