import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { Optional, pageQueryDto } from '@vitrina/platform';

/** Affiliate parameters of the shop load (spec 1 §7 'Load shop'); recorded as a visit. */
export class LoadShopQueryDto {
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(200) gclid?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(200) fbclid?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(200) click_id?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(200) referral?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(200) campaign?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(200) referral_slug?: string;
}

export class PageQueryDto extends pageQueryDto(10, 100) {}

export class SlugQueryDto {
  @ApiPropertyOptional({ description: 'Slug to check (letters, digits, underscore, hyphen)' })
  @IsString()
  @MaxLength(60)
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'slug may hold letters, digits, _ and -' })
  slug!: string;
}
