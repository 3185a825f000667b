import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { CATALOGUE_PRODUCT_SORTS, CATALOGUE_SORTS } from '@vitrina/contracts';
import { SearchTextQuery } from '../../shared/dto.js';

class PageDto {
  @ApiPropertyOptional({ minimum: 0, default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  offset?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
}

export class CataloguesQueryDto extends PageDto {
  @ApiPropertyOptional({ description: `One or more of ${CATALOGUE_SORTS.join(', ')}, comma-joined`, default: '-weight,name' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  @Matches(/^-?[a-z_]+(,-?[a-z_]+)*$/)
  sort?: string;

  @ApiPropertyOptional({ description: 'Catalogue search by name' })
  @SearchTextQuery()
  text?: string;
}

export class PublishedCataloguesQueryDto extends CataloguesQueryDto {
  @ApiPropertyOptional({ description: 'Owner id (or give shop)' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  owner?: string;

  @ApiPropertyOptional({ description: 'Shop id or slug: its owner’s catalogues' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  shop?: string;
}

export class CatalogueProductsQueryDto extends PageDto {
  @ApiPropertyOptional({ enum: CATALOGUE_PRODUCT_SORTS, default: '-contribution_margin' })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  sort?: string;

  @SearchTextQuery()
  text?: string;
}
