import { IsInt, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { ApiProperty, ApiPropertyOptional, Optional } from '@vitrina/platform';

const ID = /^[A-Za-z0-9_:-]{1,64}$/;
const idMessage = '$property may hold letters, digits, _, : and - (max 64)';

/** GET /checkout/{id}/rates: to a saved address, or to a pickup branch (agency). */
export class RatesQueryDto {
  @ApiPropertyOptional({ description: 'One of my saved addresses' })
  @Optional()
  @IsString()
  @Matches(ID, { message: idMessage })
  address_id?: string;

  @ApiPropertyOptional({ description: 'A pickup branch of the shipper (GET correosar_branches)' })
  @Optional()
  @IsString()
  @Matches(ID, { message: idMessage })
  agency_id?: string;
}

class AttributionDto {
  @ApiPropertyOptional({ maxLength: 100 })
  @Optional()
  @IsString()
  @MaxLength(100)
  referral?: string;

  @ApiPropertyOptional({ maxLength: 100 })
  @Optional()
  @IsString()
  @MaxLength(100)
  campaign?: string;

  @ApiPropertyOptional({ maxLength: 200 })
  @Optional()
  @IsString()
  @MaxLength(200)
  click_id?: string;
}

/** PUT /checkout/{id}/broker: one of the rates GET rates answered. */
export class BrokerDeliveryDto extends AttributionDto {
  @ApiProperty()
  @IsString()
  @Matches(ID, { message: idMessage })
  rate_id!: string;

  @ApiProperty()
  @IsString()
  @Matches(ID, { message: idMessage })
  shipment_id!: string;

  @ApiPropertyOptional({ description: 'Monthly instalments without interest (the payments issue applies it)', minimum: 1, maximum: 24 })
  @Optional()
  @IsInt()
  @Min(1)
  @Max(24)
  msi_payments?: number;
}

/** PUT /checkout/{id}/fixed_delivery: the supplier's fixed shipping to a saved address. */
export class FixedDeliveryDto {
  @ApiProperty({ description: 'One of my saved addresses' })
  @IsString()
  @Matches(ID, { message: idMessage })
  address_id!: string;

  @ApiPropertyOptional({ example: '2026-12-24', description: 'Required (with scheduled_time) when the supplier schedules deliveries' })
  @Optional()
  @IsString()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'scheduled_date must be YYYY-MM-DD' })
  scheduled_date?: string;

  @ApiPropertyOptional({ example: '10:00', description: 'HH:MM (24 h)' })
  @Optional()
  @IsString()
  @Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'scheduled_time must be HH:MM' })
  scheduled_time?: string;
}

/** PUT /checkout/{id}/pickup: pick the parcel up at one of the shipper's branches. */
export class PickupDeliveryDto {
  @ApiProperty()
  @IsString()
  @MinLength(1)
  @Matches(ID, { message: idMessage })
  agency_id!: string;
}
