import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { Optional } from '@vitrina/platform';
import { CATALOGUE_PRODUCT_SORTS, CATALOGUE_SORTS } from '@vitrina/contracts';
import { SearchTextQuery } from '../../shared/dto.js';

class PageDto {
  @ApiPropertyOptional({ minimum: 0, default: 0 })
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  offset?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 100 })
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
}

export class CataloguesQueryDto extends PageDto {
  @ApiPropertyOptional({ description: `One or more of ${CATALOGUE_SORTS.join(', ')}, comma-joined`, default: '-weight,name' })
  @Optional()
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
  @Optional()
  @IsString()
  @MaxLength(100)
  owner?: string;

  @ApiPropertyOptional({ description: 'Shop id or slug: its owner’s catalogues' })
  @Optional()
  @IsString()
  @MaxLength(100)
  shop?: string;
}

export class CatalogueProductsQueryDto extends PageDto {
  @ApiPropertyOptional({ enum: CATALOGUE_PRODUCT_SORTS, default: '-contribution_margin' })
  @Optional()
  @IsString()
  @MaxLength(32)
  sort?: string;

  @SearchTextQuery()
  text?: string;
}
