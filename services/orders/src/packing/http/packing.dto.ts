import { OrderLimits } from '@vitrina/contracts';
import { ApiProperty, ApiPropertyOptional, Optional, ValidationError } from '@vitrina/platform';
import { IsInt, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';

/** PATCH .../binpacked/{a}/{b} and .../notpacked/{x}: how many units of which line move. */
export class MoveUnitsDto {
  @ApiProperty({ description: "The order line's id (l1, l2, ...)" })
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  line_id!: string;

  @ApiProperty({ minimum: 1 })
  @IsInt()
  @Min(1)
  @Max(100_000)
  quantity!: number;
}

/** PATCH .../binpacked/{x}: the package's real measures (absent ones stay). */
export class PackageSizeDto {
  @ApiPropertyOptional({ minimum: 1, maximum: OrderLimits.packageSideMaxCm })
  @Optional()
  @IsInt()
  @Min(1)
  @Max(OrderLimits.packageSideMaxCm)
  length_cm?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: OrderLimits.packageSideMaxCm })
  @Optional()
  @IsInt()
  @Min(1)
  @Max(OrderLimits.packageSideMaxCm)
  width_cm?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: OrderLimits.packageSideMaxCm })
  @Optional()
  @IsInt()
  @Min(1)
  @Max(OrderLimits.packageSideMaxCm)
  height_cm?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: OrderLimits.packageWeightMaxG })
  @Optional()
  @IsInt()
  @Min(0)
  @Max(OrderLimits.packageWeightMaxG)
  weight_g?: number;
}

/** A package index of the path: `{x}`, `{a}`, `{b}` (0 names the not-packed units where a move allows it). */
export function placeOf(value: string, name: string): number {
  if (!/^\d{1,4}$/.test(value)) throw new ValidationError(`${name} must be a package number`, { [name]: ['a whole number'] });
  return Number(value);
}
