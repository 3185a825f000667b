import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { OptionalNullable } from '@vitrina/platform';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, Length, Matches, MaxLength } from 'class-validator';
import { SHOP_SLUG_PATTERN, STORE_TYPES, StoreLimits, type StoreType } from '@vitrina/contracts';
import { IsWebOrPathUrl, trim } from '../../shared/dto.js';

/**
 * `POST /store/shops` (issue 16 'Create a shop'): name, slug and store type. Malformed fields answer 400
 * validation_failed; a franchise 400 store_type_not_allowed unless the caller is a supplier (it sells their products); a reserved slug 409
 * slug_reserved, a taken one 409 slug_taken, a second shop 409 shop_already_owned.
 */
export class CreateShopDto {
  @ApiProperty({ minLength: 1, maxLength: StoreLimits.shopNameMax, description: 'Trimmed; not blank' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'name is required' })
  @MaxLength(StoreLimits.shopNameMax)
  name!: string;

  @ApiProperty({
    minLength: StoreLimits.slugMin,
    maxLength: StoreLimits.slugMax,
    pattern: SHOP_SLUG_PATTERN.source,
    description: 'The shop address /tienda/{slug}: letters, digits, _ and -; unique in any case, not a reserved word',
  })
  @Transform(trim)
  @IsString()
  @Length(StoreLimits.slugMin, StoreLimits.slugMax)
  @Matches(SHOP_SLUG_PATTERN, { message: 'slug may hold letters, digits, _ and -' })
  slug!: string;

  @ApiProperty({
    enum: STORE_TYPES,
    description: 'others, affiliate or affinity; franchise only for a supplier (else 400 store_type_not_allowed)',
  })
  @IsIn(STORE_TYPES)
  store_type!: StoreType;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 100,
    description:
      "Who referred the user (the referral cookie): a shop's slug or the referring user's id. An affinity store hangs from that shop (the referrer's own) when it is an affinity store",
  })
  @OptionalNullable()
  @Transform(trim)
  @IsString()
  @MaxLength(100)
  referral?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: "The shop's logo: a URL the gallery upload answered, or null (none)" })
  @OptionalNullable()
  @IsWebOrPathUrl()
  photo?: string | null;
}
