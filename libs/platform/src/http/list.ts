import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT, type ListResponse } from '@vitrina/contracts';
import { ValidationError } from './errors.js';
import { Optional } from './optional.js';

/** `offset`/`limit`/`sort` as the spec's list calls use them. Extend it for a list's own filters. */
export class ListQueryDto {
  @ApiPropertyOptional({ minimum: 0, default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  offset?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_LIST_LIMIT, default: DEFAULT_LIST_LIMIT })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_LIST_LIMIT)
  limit?: number;

  @ApiPropertyOptional({ description: 'Field name, `-` prefix for descending (e.g. -list_price)' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  @Matches(/^-?[a-z_]+(,-?[a-z_]+)*$/, { message: 'sort must be field names, optionally prefixed with -' })
  sort?: string;
}

/** `offset`/`limit` with a list's own page size and maximum. */
export interface PageQuery {
  offset?: number;
  limit?: number;
}

/**
 * A query class with `offset` (0 to 1,000,000) and `limit` (1 to `maxLimit`, `defaultLimit` when absent, as the
 * OpenAPI says): `class AlertListQueryDto extends pageQueryDto(10, 50) {}`, adding the list's own filters.
 */
export function pageQueryDto(defaultLimit: number, maxLimit: number): new () => PageQuery {
  class PageQueryDto implements PageQuery {
    @ApiPropertyOptional({ minimum: 0, default: 0 })
    @Optional()
    @Type(() => Number)
    @IsInt()
    @Min(0)
    @Max(1_000_000)
    offset?: number;

    @ApiPropertyOptional({ minimum: 1, maximum: maxLimit, default: defaultLimit })
    @Optional()
    @Type(() => Number)
    @IsInt()
    @Min(1)
    @Max(maxLimit)
    limit?: number;
  }
  return PageQueryDto;
}

export function listResponse<T>(results: T[], matchesEstimated: number): ListResponse<T> {
  return { results, matches_estimated: matchesEstimated };
}

/** Parses `sort` against an allow-list: the field and direction, the default when absent, 400 when unknown. */
export function parseSort<F extends string>(
  sort: string | undefined,
  allowed: readonly F[],
  fallback: { field: F; desc: boolean },
): { field: F; desc: boolean } {
  if (!sort) return fallback;
  const desc = sort.startsWith('-');
  const field = (desc ? sort.slice(1) : sort) as F;
  if (!allowed.includes(field)) {
    throw new ValidationError(`sort must be one of ${allowed.flatMap((f) => [f, `-${f}`]).join(', ')}`, { sort: ['unknown sort'] });
  }
  return { field, desc };
}
