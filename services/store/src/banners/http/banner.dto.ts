import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { BANNER_ACTION_TYPES, VISIBILITY_TARGETS, type BannerActionType, type VisibilityTarget } from '@vitrina/contracts';
import { IsWebOrPathUrl, emptyToNull } from '../../shared/dto.js';

/** spec 1 §7 'Banner create / update' fields. Empty strings count as null. */
export class BannerDto {
  @ApiPropertyOptional({ description: 'Desktop image URL (gallery upload); required on create' })
  @IsOptional()
  @IsWebOrPathUrl()
  hzt_image?: string;

  @ApiPropertyOptional({ nullable: true, description: 'Gallery id of the desktop image' })
  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_o, v) => v !== null)
  @IsString()
  @MaxLength(64)
  hzt_image_id?: string | null;

  @ApiPropertyOptional({ description: 'Mobile image URL; required on create' })
  @IsOptional()
  @IsWebOrPathUrl()
  vrt_image?: string;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_o, v) => v !== null)
  @IsString()
  @MaxLength(64)
  vrt_image_id?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'Product id for a product link' })
  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_o, v) => v !== null)
  @IsString()
  @MaxLength(64)
  product?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'The product’s supplier' })
  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_o, v) => v !== null)
  @IsString()
  @MaxLength(64)
  supplier?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'Link; a web address unless the shop shows 2 columns' })
  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_o, v) => v !== null)
  @IsString()
  @MaxLength(2048)
  url?: string | null;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  url_target?: boolean;

  @ApiPropertyOptional({ enum: VISIBILITY_TARGETS, default: 'all' })
  @IsOptional()
  @IsIn(VISIBILITY_TARGETS)
  target?: VisibilityTarget;

  @ApiPropertyOptional({ enum: BANNER_ACTION_TYPES, description: 'The form’s PRODUCT / URL are accepted in any case' })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase() : value))
  @IsIn(BANNER_ACTION_TYPES)
  action_type?: BannerActionType;
}
