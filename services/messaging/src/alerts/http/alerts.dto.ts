import { AlertLimits } from '@vitrina/contracts';
import { ApiPropertyOptional, Optional } from '@vitrina/platform';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';

/** GET /alerts/{me}:{me}: the panel loads 10 at a time, `offset` being how many it holds already. */
export class AlertListQueryDto {
  @ApiPropertyOptional({ minimum: 0, default: 0 })
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  offset?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: AlertLimits.pageMax, default: AlertLimits.page })
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(AlertLimits.pageMax)
  limit?: number;
}
