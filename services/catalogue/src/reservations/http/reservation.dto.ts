import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDateString,
  IsInt,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { RESERVATION_MAX_LINES, type ReserveStockRequest } from '@vitrina/contracts';

/** Internal API (service to service): camelCase like the typed client's ReserveStockRequest. */
export class ReserveLineDto {
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  itemId!: string;

  @IsInt()
  @Min(1)
  @Max(100_000)
  quantity!: number;
}

export class ReserveStockDto implements ReserveStockRequest {
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  checkoutId!: string;

  @IsString()
  @MinLength(1)
  @MaxLength(200)
  userId!: string;

  @IsDateString({ strict: true })
  expiresAt!: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(RESERVATION_MAX_LINES)
  @ValidateNested({ each: true })
  @Type(() => ReserveLineDto)
  lines!: ReserveLineDto[];
}

/** POST /internal/reservations/{checkoutId}/extend: hold until a later time (a voucher's or transfer's deadline). */
export class ExtendReservationDto {
  @IsDateString({ strict: true })
  expiresAt!: string;
}
