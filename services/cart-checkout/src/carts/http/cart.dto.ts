import { ApiProperty } from '@vitrina/platform';
import { Type } from 'class-transformer';
import { Allow, ArrayMaxSize, IsArray, IsString, MaxLength, MinLength, ValidateNested } from 'class-validator';

/** The quantity is checked by the cart rules (400 `invalid_amount`), not here, so every client sees that one code. */
export class CartAmountDto {
  @ApiProperty({ description: 'Quantity: a whole number of at least 1', type: 'integer', minimum: 1 })
  @Allow()
  amount!: unknown;
}

export class CartAddItemDto extends CartAmountDto {
  @ApiProperty({ description: 'The item id' })
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  item_id!: string;
}

export class CartLineDto {
  @ApiProperty({ description: 'The item id' })
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  item_id!: string;

  @ApiProperty({ description: 'Quantity: a whole number of at least 1', type: 'integer', minimum: 1 })
  @Allow()
  amount!: unknown;
}

/** An anonymous visitor's local-storage cart (merge at sign-in, or a quote). */
export class CartLinesDto {
  @ApiProperty({ type: [CartLineDto] })
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => CartLineDto)
  items!: CartLineDto[];
}
