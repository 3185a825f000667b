import { CLABE_PATTERN, WalletLimits } from '@vitrina/contracts';
import { ApiProperty, ApiPropertyOptional, Optional, pageQueryDto } from '@vitrina/platform';
import { Type } from 'class-transformer';
import { IsInt, IsString, Max, MaxLength, Min } from 'class-validator';

export class MovementsQueryDto extends pageQueryDto(WalletLimits.movementsPageSize, WalletLimits.movementsPageMax) {}

export class HistoryQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: WalletLimits.historyDaysMax, default: WalletLimits.historyDaysDefault })
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(WalletLimits.historyDaysMax)
  days?: number;
}

/** spec 2 §3 'Wallet': a cash-out request to a CLABE (the check digit is checked by the service: 400 invalid_clabe). */
export class CashoutRequestDto {
  @ApiProperty({ description: 'Minor units', minimum: 1, maximum: WalletLimits.cashoutMaxMinor })
  @IsInt()
  @Min(1)
  @Max(WalletLimits.cashoutMaxMinor)
  amount_minor!: number;

  /** Not 18 digits or a wrong check digit: 400 invalid_clabe (one code for the form). */
  @ApiProperty({ description: '18-digit CLABE', pattern: CLABE_PATTERN.source })
  @IsString()
  @MaxLength(64)
  clabe!: string;
}
