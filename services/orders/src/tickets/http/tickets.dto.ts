import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsObject,
  IsDateString,
  IsIn,
  IsInt,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { OrderLimits, TICKET_LANGUAGES, TicketLimits, type TicketLanguage } from '@vitrina/contracts';
import { ApiProperty, ApiPropertyOptional, Optional, pageQueryDto } from '@vitrina/platform';

/** GET .../attendants: spec 3 §7 offset (0), limit (10). */
export class AttendantsQueryDto extends pageQueryDto(OrderLimits.attendantsPageSize, 100) {}

/** The PDF and zip downloads: the language the tickets are printed in (Spanish by default). */
export class TicketFileQueryDto {
  @ApiPropertyOptional({ enum: TICKET_LANGUAGES, default: 'es' }) @Optional() @IsIn(TICKET_LANGUAGES) lang?: TicketLanguage;
}

/** PATCH .../attendants/{attendantId}: the attendee update (name, phone); what is absent stays. */
export class UpdateAttendantDto {
  @ApiPropertyOptional({ maxLength: OrderLimits.attendeeNameMax })
  @Optional()
  @IsString()
  @MaxLength(OrderLimits.attendeeNameMax * 2)
  full_name?: string;

  @ApiPropertyOptional({ description: '8 to 15 digits, an optional leading + (spaces are removed)' })
  @Optional()
  @IsString()
  @MaxLength(40)
  phone?: string;
}

/** POST /orders/checkin: what the scanner read (or the code typed at the door). */
export class CheckInDto {
  @ApiProperty({ description: "The ticket's QR payload: vt1.<ticket id>.<signature>", maxLength: TicketLimits.codeMax })
  @IsString()
  @MinLength(1)
  @MaxLength(TicketLimits.codeMax)
  code!: string;
}

export class EstablishmentAttendeeDto {
  @ApiProperty({ maxLength: OrderLimits.attendeeNameMax })
  @IsString()
  @MaxLength(OrderLimits.attendeeNameMax * 2)
  full_name!: string;

  @ApiProperty({ description: '8 to 15 digits, an optional leading + (spaces are removed)' })
  @IsString()
  @MaxLength(40)
  phone!: string;
}

/** POST /orders/admin/suppliers/{me}/tickets: tickets sold at the establishment or given as courtesy. */
export class EstablishmentTicketsDto {
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(64) item_id!: string;

  @ApiProperty({ maxLength: 200 }) @IsString() @MinLength(1) @MaxLength(200) item_name!: string;

  @ApiPropertyOptional({ description: 'ISO 8601 date-time of the experience' })
  @Optional()
  @IsDateString({ strict: true })
  experience_date?: string;

  @ApiProperty({ enum: ['sale_in_establishment', 'courtesy'] })
  @IsIn(['sale_in_establishment', 'courtesy'])
  type!: 'sale_in_establishment' | 'courtesy';

  @ApiProperty({ type: [EstablishmentAttendeeDto], minItems: 1, maxItems: OrderLimits.establishmentTicketsMax })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(OrderLimits.establishmentTicketsMax)
  // an element must be an object: ValidateNested lets an array inside the array through
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => EstablishmentAttendeeDto)
  attendees!: EstablishmentAttendeeDto[];

  @ApiPropertyOptional({ description: 'Price of each ticket in minor units (a sale; a courtesy is free). Default 0' })
  @Optional()
  @IsInt()
  @Min(0)
  @Max(TicketLimits.unitPriceMaxMinor)
  unit_price_minor?: number;

  @ApiPropertyOptional({ description: 'ISO 4217, default MXN' }) @Optional() @Matches(/^[A-Z]{3}$/) currency?: string;
  @ApiPropertyOptional({ description: "The seller's shop, for the order list" }) @Optional() @IsString() @MaxLength(64) shop_id?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(64) shop_slug?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(200) shop_name?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(200) supplier_name?: string;
}
