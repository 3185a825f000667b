import { Transform } from 'class-transformer';
import { IsEmail, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { CONTACT_PHONE_PATTERN, ContactLimits } from '@vitrina/contracts';
import { ApiProperty, ApiPropertyOptional, Optional, pageQueryDto } from '@vitrina/platform';
import { phoneDigits } from '../domain/contact-rules.js';

const trim = Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
/** An empty optional field is an absent one. */
const trimToAbsent = Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : value));

/** `POST /messaging/contact/{shop}`: the contact modal's fields (spec 1 §2; spec 2 §3 'Contact entry'). */
export class CreateContactDto {
  @ApiProperty({ minLength: 1, maxLength: ContactLimits.nameMax })
  @trim
  @IsString()
  @MinLength(1)
  @MaxLength(ContactLimits.nameMax)
  name!: string;

  @ApiProperty({ maxLength: ContactLimits.emailMax })
  @trim
  @IsString()
  @MaxLength(ContactLimits.emailMax)
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  email!: string;

  @ApiPropertyOptional({
    description: `${ContactLimits.phoneMinDigits} to ${ContactLimits.phoneMaxDigits} digits; spaces, dashes, dots, brackets and + are dropped`,
  })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? phoneDigits(value) : value))
  @Optional()
  @IsString()
  @Matches(CONTACT_PHONE_PATTERN, { message: `phone must have ${ContactLimits.phoneMinDigits} to ${ContactLimits.phoneMaxDigits} digits` })
  phone?: string;

  @ApiProperty({ minLength: 1, maxLength: ContactLimits.messageMax })
  @trim
  @IsString()
  @MinLength(1)
  @MaxLength(ContactLimits.messageMax)
  message!: string;

  @ApiPropertyOptional({ maxLength: ContactLimits.itemIdMax, description: 'The product-level enquiry: the item it is about' })
  @trimToAbsent
  @Optional()
  @IsString()
  @MaxLength(ContactLimits.itemIdMax)
  item_id?: string;
}

/** `GET /contact-admin/{meID}:{key}/{meID}`: 20 at a time (spec 2 §7, §9), `filter` matched in name, e-mail or message. */
export class ContactListQueryDto extends pageQueryDto(ContactLimits.page, ContactLimits.pageMax) {
  @ApiPropertyOptional({ maxLength: ContactLimits.filterMax, description: 'Text found in the name, e-mail or message (any case)' })
  @trimToAbsent
  @Optional()
  @IsString()
  @MaxLength(ContactLimits.filterMax)
  filter?: string;
}
