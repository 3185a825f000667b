import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import {
  HEADER_ACTION_TYPES,
  HEADER_BUTTON_LABELS,
  StoreLimits,
  VISIBILITY_TARGETS,
  type HeaderActionType,
  type HeaderButtonLabel,
  type VisibilityTarget,
} from '@vitrina/contracts';
import { emptyToNull, trim } from '../../shared/dto.js';

const COLOUR = /^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\))$/;

/** spec 1 §7 'Headers' POST/PATCH fields. Empty subtitle/description/url are stored as null. */
export class HeaderDto {
  @ApiPropertyOptional({ maxLength: StoreLimits.headerTitleMax, description: 'Required on create' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(StoreLimits.headerTitleMax)
  title?: string;

  @ApiPropertyOptional({ maxLength: StoreLimits.headerSubtitleMax, nullable: true })
  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_o, v) => v !== null)
  @IsString()
  @MaxLength(StoreLimits.headerSubtitleMax)
  subtitle?: string | null;

  @ApiPropertyOptional({ maxLength: StoreLimits.headerDescriptionMax, nullable: true })
  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_o, v) => v !== null)
  @IsString()
  @MaxLength(StoreLimits.headerDescriptionMax)
  description?: string | null;

  @ApiPropertyOptional({ enum: VISIBILITY_TARGETS, default: 'all' })
  @IsOptional()
  @IsIn(VISIBILITY_TARGETS)
  target?: VisibilityTarget;

  @ApiPropertyOptional({ enum: HEADER_ACTION_TYPES, default: 'none' })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase() : value))
  @IsIn(HEADER_ACTION_TYPES)
  action_type?: HeaderActionType;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_o, v) => v !== null)
  @IsString()
  @MaxLength(2048)
  url?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_o, v) => v !== null)
  @IsString()
  @MaxLength(64)
  product?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_o, v) => v !== null)
  @IsString()
  @MaxLength(64)
  product_supplier?: string | null;

  @ApiPropertyOptional({ enum: HEADER_BUTTON_LABELS, nullable: true })
  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_o, v) => v !== null)
  @IsIn(HEADER_BUTTON_LABELS)
  button_label?: HeaderButtonLabel | null;

  @ApiPropertyOptional({ example: '#f5f8fa', description: 'Gradient start: #rgb, #rrggbb or rgb(r,g,b)' })
  @IsOptional()
  @Matches(COLOUR, { message: 'initial_color must be #rgb, #rrggbb or rgb(r,g,b)' })
  initial_color?: string;

  @ApiPropertyOptional({ example: '#f5f8fa', description: 'Gradient end' })
  @IsOptional()
  @Matches(COLOUR, { message: 'final_color must be #rgb, #rrggbb or rgb(r,g,b)' })
  final_color?: string;
}
