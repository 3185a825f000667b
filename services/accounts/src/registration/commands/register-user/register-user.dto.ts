import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsEmail, IsIn, IsString, Length, Matches, MaxLength } from 'class-validator';
import { OptionalNullable } from '@vitrina/platform';
import { FULL_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type Channel, type Locale } from '@vitrina/contracts';
import {
  BooleanField,
  COUNTRY_CODE_PATTERN,
  CountryCodeField,
  CountryField,
  DropEmpty,
  EmailField,
  ISO_COUNTRY_PATTERN,
  PhoneField,
  Trimmed,
} from '../../../shared/dto.js';

/** At most 14 (the largest per-country cap of spec 2 §5). */
const NATIONAL_DIGITS = /^\d{1,14}$/;

/** spec 2 §3 registration payload (empty fields dropped; spaces stripped from e-mail and phone). */
export class RegisterUserDto {
  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @DropEmpty()
  @IsString()
  @Length(PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH)
  password!: string;

  @ApiProperty({ maxLength: FULL_NAME_MAX_LENGTH })
  @Trimmed()
  @IsString()
  @Length(1, FULL_NAME_MAX_LENGTH)
  full_name!: string;

  @ApiPropertyOptional({ description: 'E-mail (the spec calls it username)' })
  @EmailField()
  @OptionalNullable()
  @IsEmail({}, { message: 'invalid e-mail' })
  @MaxLength(254)
  username?: string;

  @ApiPropertyOptional()
  @EmailField()
  @OptionalNullable()
  @IsEmail({}, { message: 'invalid e-mail' })
  @MaxLength(254)
  email?: string;

  @ApiPropertyOptional({
    description: 'National digits of a mobile number of `country` (spaces and ( ) - . are stripped); checked with libphonenumber-js',
  })
  @PhoneField()
  @OptionalNullable()
  // Digits only here; the country's cap and whether they make a mobile of that country: domain/mobile-number.ts.
  @Matches(NATIONAL_DIGITS, { message: 'invalid number' })
  phone?: string;

  @ApiPropertyOptional({ description: 'ISO 3166-1 alpha-2' })
  @CountryField()
  @OptionalNullable()
  @Matches(ISO_COUNTRY_PATTERN, { message: 'must be a two-letter country code' })
  country?: string;

  @ApiPropertyOptional({ description: 'Calling code digits, e.g. 52' })
  @CountryCodeField()
  @OptionalNullable()
  @Matches(COUNTRY_CODE_PATTERN, { message: 'must be 1 to 3 digits' })
  country_code?: string;

  @ApiPropertyOptional({ enum: ['registration', 'sms_registration'] })
  @DropEmpty()
  @OptionalNullable()
  @IsIn(['registration', 'sms_registration'])
  response_type?: 'registration' | 'sms_registration';

  @ApiPropertyOptional({ enum: ['email', 'phone'] })
  @DropEmpty()
  @OptionalNullable()
  @IsIn(['email', 'phone'])
  type?: Channel;

  @ApiPropertyOptional() @Trimmed() @OptionalNullable() @IsString() @MaxLength(100) microsite?: string;

  @ApiPropertyOptional({ description: 'Slug of the shop the sign-up happens in' })
  @Trimmed()
  @OptionalNullable()
  @IsString()
  @MaxLength(100)
  store?: string;

  @ApiPropertyOptional({ enum: ['complete', 'basic'], description: "The shop's sign-up variant; both may skip the PIN" })
  @DropEmpty()
  @OptionalNullable()
  @IsIn(['complete', 'basic'])
  signup_form?: 'complete' | 'basic';

  @ApiPropertyOptional() @BooleanField() @OptionalNullable() @IsBoolean() auto_affinity?: boolean;
  @ApiPropertyOptional() @BooleanField() @OptionalNullable() @IsBoolean() skip_pin?: boolean;
  @ApiPropertyOptional() @BooleanField() @OptionalNullable() @IsBoolean() terms?: boolean;
  @ApiPropertyOptional() @Trimmed() @OptionalNullable() @IsString() @MaxLength(253) alias_domain?: string;
  @ApiPropertyOptional() @Trimmed() @OptionalNullable() @IsString() @MaxLength(2048) redirect_uri?: string;
  @ApiPropertyOptional() @Trimmed() @OptionalNullable() @IsString() @MaxLength(100) client_id?: string;
  @ApiPropertyOptional() @Trimmed() @OptionalNullable() @IsString() @MaxLength(200) scope?: string;
  @ApiPropertyOptional() @Trimmed() @OptionalNullable() @IsString() @MaxLength(100) referral?: string;
  @ApiPropertyOptional() @Trimmed() @OptionalNullable() @IsString() @MaxLength(100) campaign?: string;
  @ApiPropertyOptional() @Trimmed() @OptionalNullable() @IsString() @MaxLength(200) click_id?: string;
  @ApiPropertyOptional() @Trimmed() @OptionalNullable() @IsString() @MaxLength(100) package_code?: string;
  @ApiPropertyOptional() @Trimmed() @OptionalNullable() @IsString() @MaxLength(100) referral_id?: string;
  @ApiPropertyOptional() @Trimmed() @OptionalNullable() @IsString() @MaxLength(100) landing_code?: string;
  @ApiPropertyOptional() @Trimmed() @OptionalNullable() @IsString() @MaxLength(200) pixel?: string;

  @ApiPropertyOptional({ description: 'Activation link with __KEY__ (default: ACCOUNTS_PUBLIC_URL/activate/__KEY__)' })
  @Trimmed()
  @OptionalNullable()
  @IsString()
  @MaxLength(2048)
  activation_url?: string;

  @ApiPropertyOptional({ enum: ['es', 'en', 'es-AR'] })
  @DropEmpty()
  @OptionalNullable()
  @IsIn(['es', 'en', 'es-AR'])
  locale?: Locale;
}

/** `POST /auth/users/exist` (spec 2 §7): username is an e-mail or a phone number. */
export class UserExistsDto {
  @ApiPropertyOptional({ description: 'E-mail or phone number' })
  @Trimmed()
  @OptionalNullable()
  @IsString()
  @Length(1, 254)
  username?: string;

  @ApiPropertyOptional() @PhoneField() @OptionalNullable() @Matches(/^\+?\d{6,15}$/, { message: 'invalid number' }) phone?: string;
  @ApiPropertyOptional() @CountryField() @OptionalNullable() @Matches(ISO_COUNTRY_PATTERN) country?: string;
  @ApiPropertyOptional() @CountryCodeField() @OptionalNullable() @Matches(COUNTRY_CODE_PATTERN) country_code?: string;
}
