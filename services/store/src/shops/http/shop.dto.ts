import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { Optional } from '@vitrina/platform';

/** Affiliate parameters of the shop load (spec 1 §7 'Load shop'); recorded as a visit. */
export class LoadShopQueryDto {
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(200) gclid?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(200) fbclid?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(200) click_id?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(200) referral?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(200) campaign?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(200) referral_slug?: string;
}

export class PageQueryDto {
  @ApiPropertyOptional({ minimum: 0, default: 0 })
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  offset?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 10 })
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
}

export class SlugQueryDto {
  @ApiPropertyOptional({ description: 'Slug to check (letters, digits, underscore, hyphen)' })
  @IsString()
  @MaxLength(60)
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'slug may hold letters, digits, _ and -' })
  slug!: string;
}
