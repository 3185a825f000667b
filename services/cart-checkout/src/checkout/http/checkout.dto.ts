import { Type } from 'class-transformer';
import { Allow, ArrayMaxSize, IsArray, IsString, Matches, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { ApiProperty, ApiPropertyOptional, Optional, OptionalNullable } from '@vitrina/platform';

class CheckoutOptionsDto {
  @ApiPropertyOptional({ description: "Referral slug (the shop's affiliate parameters)" })
  @Optional()
  @IsString()
  @MaxLength(120)
  referral?: string;

  @ApiPropertyOptional()
  @Optional()
  @IsString()
  @MaxLength(120)
  campaign?: string;

  @ApiPropertyOptional()
  @Optional()
  @IsString()
  @MaxLength(200)
  click_id?: string;

  @ApiPropertyOptional({ description: "An earlier open checkout of the shopper's that this one replaces (its stock is released)" })
  @Optional()
  @IsString()
  @MaxLength(64)
  to_replace?: string;
}

export class CreateCheckoutDto extends CheckoutOptionsDto {
  @ApiProperty({ description: "The cart order's supplier" })
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  supplier_id!: string;

  @ApiPropertyOptional({ description: 'The dropshipping supplier of the cart order; null or absent for an ordinary order', nullable: true })
  @OptionalNullable()
  @IsString()
  @MaxLength(64)
  dssupplier_id?: string | null;
}

/** The sub-order route names the order in its path; the body may repeat the supplier. */
export class CreateSubCheckoutDto extends CheckoutOptionsDto {
  @ApiPropertyOptional()
  @Optional()
  @IsString()
  @MaxLength(64)
  supplier_id?: string;

  @ApiPropertyOptional({ nullable: true })
  @OptionalNullable()
  @IsString()
  @MaxLength(64)
  dssupplier_id?: string | null;
}

export class InstantCheckoutDto extends CheckoutOptionsDto {
  @ApiProperty()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  shop_slug!: string;

  @ApiProperty()
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  item_id!: string;

  @ApiProperty({ type: 'integer', minimum: 1 })
  @Allow()
  amount!: unknown;

  /** Checked against the item's variants by the cart rules (400 `invalid_variant`). */
  @ApiPropertyOptional({
    description: 'The chosen option per variant name that offers a choice. Absent: the first option of each choice',
    type: 'object',
    additionalProperties: { type: 'string' },
  })
  @Allow()
  variant?: unknown;
}

export class ContactDto {
  @ApiProperty()
  @IsString()
  @MaxLength(200)
  name!: string;

  @ApiProperty()
  @IsString()
  @MaxLength(254)
  email!: string;

  @ApiProperty({ description: 'Digits (spaces are removed); length by country, spec 3 §5' })
  @IsString()
  @MaxLength(40)
  phone!: string;

  @ApiProperty({ description: "ISO 3166-1 alpha-2: 'MX', 'US', 'CA', 'AR', ..." })
  @IsString()
  @Matches(/^[A-Za-z]{2}$/)
  phone_country!: string;
}

export class AttendeeDto {
  @ApiProperty()
  @IsString()
  @MaxLength(200)
  full_name!: string;

  @ApiProperty()
  @IsString()
  @MaxLength(40)
  phone!: string;
}

export class AttendeesDto {
  @ApiProperty({ type: [AttendeeDto] })
  @IsArray()
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => AttendeeDto)
  attendees!: AttendeeDto[];
}
