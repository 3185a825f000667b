import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsString, MaxLength } from 'class-validator';
import { Optional, OptionalNullable } from '@vitrina/platform';
import { BANNER_ACTION_TYPES, VISIBILITY_TARGETS, type BannerActionType, type VisibilityTarget } from '@vitrina/contracts';
import { IsWebOrPathUrl, emptyToNull } from '../../shared/dto.js';

/**
 * spec 1 §7 'Banner create / update' fields. Empty strings count as null; null clears the image ids, product,
 * supplier and url (spec 1 §5: empty values are sent as null). The images, url_target, target and action_type
 * refuse null (400).
 */
export class BannerDto {
  @ApiPropertyOptional({ description: 'Desktop image URL (gallery upload); required on create' })
  @Optional()
  @IsWebOrPathUrl()
  hzt_image?: string;

  @ApiPropertyOptional({ nullable: true, description: 'Gallery id of the desktop image' })
  @OptionalNullable()
  @Transform(emptyToNull)
  @IsString()
  @MaxLength(64)
  hzt_image_id?: string | null;

  @ApiPropertyOptional({ description: 'Mobile image URL; required on create' })
  @Optional()
  @IsWebOrPathUrl()
  vrt_image?: string;

  @ApiPropertyOptional({ nullable: true })
  @OptionalNullable()
  @Transform(emptyToNull)
  @IsString()
  @MaxLength(64)
  vrt_image_id?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'Product id for a product link' })
  @OptionalNullable()
  @Transform(emptyToNull)
  @IsString()
  @MaxLength(64)
  product?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'The product’s supplier' })
  @OptionalNullable()
  @Transform(emptyToNull)
  @IsString()
  @MaxLength(64)
  supplier?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'Link; a web address unless the shop shows 2 columns' })
  @OptionalNullable()
  @Transform(emptyToNull)
  @IsString()
  @MaxLength(2048)
  url?: string | null;

  @ApiPropertyOptional({ default: true })
  @Optional()
  @IsBoolean()
  url_target?: boolean;

  @ApiPropertyOptional({ enum: VISIBILITY_TARGETS, default: 'all' })
  @Optional()
  @IsIn(VISIBILITY_TARGETS)
  target?: VisibilityTarget;

  @ApiPropertyOptional({ enum: BANNER_ACTION_TYPES, description: 'The form’s PRODUCT / URL are accepted in any case' })
  @Optional()
  @Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase() : value))
  @IsIn(BANNER_ACTION_TYPES)
  action_type?: BannerActionType;
}
