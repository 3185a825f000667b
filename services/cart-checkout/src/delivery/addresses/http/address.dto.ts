import { Transform } from 'class-transformer';
import { IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import { DeliveryLimits } from '@vitrina/contracts';
import { ApiProperty, ApiPropertyOptional, Optional, OptionalNullable } from '@vitrina/platform';

const trim = Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** spec 3 §3 'Address' (Mexico). State, postal code and phone are checked by the domain (400 with their code). */
export class AddressDto {
  @ApiProperty({ maxLength: DeliveryLimits.nameMax, description: 'Who receives the parcel' })
  @trim
  @IsString()
  @MinLength(1)
  @MaxLength(DeliveryLimits.nameMax)
  address_name!: string;

  @ApiProperty({ description: '10 digits; whitespace, dashes and a +52 prefix are dropped' })
  @IsString()
  @MaxLength(30)
  address_phone!: string;

  @ApiPropertyOptional({
    maxLength: DeliveryLimits.textMax,
    description: 'Street and number as one line; built from route and street_number when absent',
  })
  @Optional()
  @trim
  @IsString()
  @MaxLength(DeliveryLimits.textMax)
  street_address?: string;

  @ApiProperty({ maxLength: DeliveryLimits.textMax, description: 'Street' })
  @trim
  @IsString()
  @MinLength(1)
  @MaxLength(DeliveryLimits.textMax)
  route!: string;

  @ApiProperty({ maxLength: 50 })
  @trim
  @IsString()
  @MinLength(1)
  @MaxLength(50)
  street_number!: string;

  @ApiPropertyOptional({ enum: ['MX'], description: 'Only MX for now' })
  @Optional()
  @IsIn(['MX'])
  country?: 'MX';

  @ApiProperty({ description: 'Mexican state: its code (MEXICAN_STATES) or name' })
  @IsString()
  @MaxLength(60)
  administrative_area_level_1!: string;

  @ApiProperty({ maxLength: DeliveryLimits.nameMax, description: 'City or municipality' })
  @trim
  @IsString()
  @MinLength(1)
  @MaxLength(DeliveryLimits.nameMax)
  locality!: string;

  @ApiPropertyOptional({ maxLength: DeliveryLimits.nameMax, nullable: true, description: 'Neighbourhood (colonia); null: none' })
  @OptionalNullable()
  @trim
  @IsString()
  @MaxLength(DeliveryLimits.nameMax)
  sublocality?: string | null;

  @ApiProperty({ description: '5 digits' })
  @IsString()
  @MaxLength(10)
  postal_code!: string;

  @ApiPropertyOptional({ maxLength: 500, description: 'Built by the server when absent' })
  @Optional()
  @trim
  @IsString()
  @MaxLength(500)
  formatted_address?: string;
}
