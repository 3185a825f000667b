import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { ITEM_TYPES, type ItemType } from '@vitrina/contracts';
import { ListQueryDto } from '@vitrina/platform';
import { CsvQuery, SearchTextQuery } from '../../shared/dto.js';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

export class ShopItemsQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ enum: ITEM_TYPES })
  @IsOptional()
  @IsIn(ITEM_TYPES)
  type?: ItemType;

  @SearchTextQuery()
  text?: string;

  @ApiPropertyOptional({ description: 'Comma-joined tags: items with any of them' })
  @CsvQuery(10, 40)
  tags?: string[];

  @ApiPropertyOptional({ description: 'Supplier (dssupplier) id' })
  @IsOptional()
  @Matches(ID)
  supplier?: string;

  @ApiPropertyOptional({ description: 'Same as supplier (the spec’s modal name)' })
  @IsOptional()
  @Matches(ID)
  dssupplier?: string;

  @ApiPropertyOptional({ description: 'Category id' })
  @IsOptional()
  @Matches(ID)
  category?: string;

  @ApiPropertyOptional({ description: '1-based page, used when offset is absent (page size = limit); below 1 counts as 1', minimum: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(-1_000_000)
  @Max(1_000_000)
  page?: number;

  // Sent by the storefront with the search (spec 1 §7); attribution is recorded on the shop load, not here.
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) owner?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) slug?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) campaign?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) click_id?: string;
}

export class SuggestionsQueryDto {
  @SearchTextQuery()
  text?: string;

  @ApiPropertyOptional({ enum: ITEM_TYPES })
  @IsOptional()
  @IsIn(ITEM_TYPES)
  type?: ItemType;

  @ApiPropertyOptional({ default: 5, minimum: 1, maximum: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(20)
  n_suggestions?: number;
}
