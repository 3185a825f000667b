import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { Optional, OptionalNullable } from '@vitrina/platform';
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

/**
 * spec 1 §7 'Headers' POST/PATCH fields. spec 1 §5: empty subtitle and description are sent as null; null (or "")
 * clears subtitle, description, url, product, product_supplier and button_label. The other fields refuse null (400).
 */
export class HeaderDto {
  @ApiPropertyOptional({ maxLength: StoreLimits.headerTitleMax, description: 'Required on create' })
  @Optional()
  @Transform(trim)
  @IsString()
  @MaxLength(StoreLimits.headerTitleMax)
  title?: string;

  @ApiPropertyOptional({ maxLength: StoreLimits.headerSubtitleMax, nullable: true })
  @OptionalNullable()
  @Transform(emptyToNull)
  @IsString()
  @MaxLength(StoreLimits.headerSubtitleMax)
  subtitle?: string | null;

  @ApiPropertyOptional({ maxLength: StoreLimits.headerDescriptionMax, nullable: true })
  @OptionalNullable()
  @Transform(emptyToNull)
  @IsString()
  @MaxLength(StoreLimits.headerDescriptionMax)
  description?: string | null;

  @ApiPropertyOptional({ enum: VISIBILITY_TARGETS, default: 'all' })
  @Optional()
  @IsIn(VISIBILITY_TARGETS)
  target?: VisibilityTarget;

  @ApiPropertyOptional({ enum: HEADER_ACTION_TYPES, default: 'none' })
  @Optional()
  @Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase() : value))
  @IsIn(HEADER_ACTION_TYPES)
  action_type?: HeaderActionType;

  @ApiPropertyOptional({ nullable: true })
  @OptionalNullable()
  @Transform(emptyToNull)
  @IsString()
  @MaxLength(2048)
  url?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @OptionalNullable()
  @Transform(emptyToNull)
  @IsString()
  @MaxLength(64)
  product?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @OptionalNullable()
  @Transform(emptyToNull)
  @IsString()
  @MaxLength(64)
  product_supplier?: string | null;

  @ApiPropertyOptional({ enum: HEADER_BUTTON_LABELS, nullable: true })
  @OptionalNullable()
  @Transform(emptyToNull)
  @IsIn(HEADER_BUTTON_LABELS)
  button_label?: HeaderButtonLabel | null;

  @ApiPropertyOptional({ example: '#f5f8fa', description: 'Gradient start: #rgb, #rrggbb or rgb(r,g,b)' })
  @Optional()
  @Matches(COLOUR, { message: 'initial_color must be #rgb, #rrggbb or rgb(r,g,b)' })
  initial_color?: string;

  @ApiPropertyOptional({ example: '#f5f8fa', description: 'Gradient end' })
  @Optional()
  @Matches(COLOUR, { message: 'final_color must be #rgb, #rrggbb or rgb(r,g,b)' })
  final_color?: string;
}
