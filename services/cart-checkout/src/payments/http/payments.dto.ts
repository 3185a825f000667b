import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsString, Matches, Max, MaxLength, Min, MinLength, ValidateNested } from 'class-validator';
import { PaymentLimits } from '@vitrina/contracts';
import { ApiProperty, ApiPropertyOptional, Optional, OptionalNullable } from '@vitrina/platform';

/** A path of this site ('/tienda/…'): never another origin (an open redirect). */
const SITE_PATH = /^\/(?![/\\])[^\s]*$/;

/** spec 3 §3 'Card fields', billing variant. */
export class BillingDetailsDto {
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(100) name?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(100) surname?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(254) email?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(20) phone?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(200) street_name?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(20) street_number?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(200) address2?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(20) suite?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(100) city?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(10) postal_code?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(10) state_code?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(2) country_code?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(200) reference?: string;
}

export class CardPaymentDto {
  @ApiProperty({ description: "The provider tokeniser's card token, or a saved card's id (card_…)" })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  source_id!: string;

  @ApiPropertyOptional({ description: 'Months without interest (MSI): one of the payment page msi_options', nullable: true })
  @OptionalNullable()
  @IsInt()
  @Min(2)
  @Max(48)
  msi_payments?: number | null;

  @ApiPropertyOptional({ description: 'Keep the card at the provider for next time' })
  @Optional()
  @IsBoolean()
  save_card?: boolean;

  @ApiPropertyOptional({ type: BillingDetailsDto })
  @Optional()
  @ValidateNested()
  @Type(() => BillingDetailsDto)
  billing_details?: BillingDetailsDto;

  @ApiProperty({ description: 'A path of this site to come back to after 3-D Secure (payment_attempt is added)' })
  @IsString()
  @MaxLength(PaymentLimits.returnPathMaxLength)
  @Matches(SITE_PATH, { message: 'return_path must be a path of this site' })
  return_path!: string;
}

export class RedirectPaymentDto {
  @ApiProperty({ description: 'A path of this site to come back to after approval (payment_attempt is added)' })
  @IsString()
  @MaxLength(PaymentLimits.returnPathMaxLength)
  @Matches(SITE_PATH, { message: 'return_path must be a path of this site' })
  return_path!: string;

  @ApiProperty({ description: 'A path of this site to come back to when the shopper cancels' })
  @IsString()
  @MaxLength(PaymentLimits.returnPathMaxLength)
  @Matches(SITE_PATH, { message: 'cancel_path must be a path of this site' })
  cancel_path!: string;

  @ApiPropertyOptional({ description: "aplazo: the plan's number of payments (payment page deferred_options)", nullable: true })
  @OptionalNullable()
  @IsInt()
  @Min(2)
  @Max(48)
  instalments?: number | null;
}

/** Cash voucher and SPEI take nothing but the token (an empty object, or no body). */
export class OfflinePaymentDto {}

export const REDIRECT_METHOD_PARAM = ['paypal', 'mobbex', 'aplazo'] as const;
export class RedirectMethodParam {
  @IsIn(REDIRECT_METHOD_PARAM)
  method!: (typeof REDIRECT_METHOD_PARAM)[number];
}
