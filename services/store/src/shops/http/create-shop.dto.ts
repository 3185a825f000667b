import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, Length, Matches, MaxLength } from 'class-validator';
import { SHOP_SLUG_PATTERN, STORE_TYPES, StoreLimits, type StoreType } from '@vitrina/contracts';
import { trim } from '../../shared/dto.js';

/**
 * `POST /store/shops` (issue 16 'Create a shop'): name, slug and store type. Malformed fields answer 400
 * validation_failed; a franchise 400 store_type_not_allowed (it comes with its supplier); a reserved slug 409
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

  @ApiProperty({ enum: STORE_TYPES, description: 'others, affiliate or affinity (franchise: 400 store_type_not_allowed)' })
  @IsIn(STORE_TYPES)
  store_type!: StoreType;
}
