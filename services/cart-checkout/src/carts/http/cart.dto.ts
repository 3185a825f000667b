import { ApiProperty, ApiPropertyOptional } from '@vitrina/platform';
import { Type } from 'class-transformer';
import { Allow, ArrayMaxSize, IsArray, IsString, MaxLength, MinLength, ValidateNested } from 'class-validator';

/** The quantity is checked by the cart rules (400 `invalid_amount`), not here, so every client sees that one code. */
export class CartAmountDto {
  @ApiProperty({ description: 'Quantity: a whole number of at least 1', type: 'integer', minimum: 1 })
  @Allow()
  amount!: unknown;
}

/** The chosen variant is checked by the cart rules against the item's variants (400 `invalid_variant`), not here. */
function VariantField(): PropertyDecorator {
  const doc = ApiPropertyOptional({
    description:
      'The chosen option per variant name that offers a choice (name -> option). Absent: the first option of each choice. ' +
      'A name or option the item does not offer: 400 invalid_variant',
    type: 'object',
    additionalProperties: { type: 'string' },
  });
  const allow = Allow();
  return (target, key) => {
    doc(target, key);
    allow(target, key);
  };
}

export class CartAddItemDto extends CartAmountDto {
  @ApiProperty({ description: 'The item id' })
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  item_id!: string;

  @VariantField()
  variant?: unknown;
}

export class CartLineDto {
  // a line whose variant the item does not offer is skipped and reported (`invalid_variant` adjustment)
  @ApiProperty({ description: 'The item id' })
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  item_id!: string;

  @ApiProperty({ description: 'Quantity: a whole number of at least 1', type: 'integer', minimum: 1 })
  @Allow()
  amount!: unknown;

  @VariantField()
  variant?: unknown;
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
