import { Allow, IsIn } from 'class-validator';
import { ApiProperty } from '@vitrina/platform';
import { PaymentLimits } from '@vitrina/contracts';

/**
 * The tokeniser's body (spec 3 §3 'Card fields'). Every field is accepted as sent and checked by the tokeniser
 * itself (domain/sandbox-cards.ts), so a bad card answers 400 `invalid_card` as a provider's tokeniser would.
 */
export class CreateCardTokenDto {
  @ApiProperty({
    type: 'string',
    description: `The card number, digits (spaces are removed), at most ${PaymentLimits.cardNumberMaxLength}; Luhn-valid`,
    example: '4242 4242 4242 4242',
  })
  @Allow()
  card_number!: unknown;

  @ApiProperty({ type: 'string', description: '3 or 4 digits', example: '123' })
  @Allow()
  cvv!: unknown;

  @ApiProperty({ oneOf: [{ type: 'integer' }, { type: 'string' }], description: 'Expiry month, 1-12', example: 12 })
  @Allow()
  month!: unknown;

  @ApiProperty({ oneOf: [{ type: 'integer' }, { type: 'string' }], description: 'Expiry year, 2 or 4 digits, not past', example: 2030 })
  @Allow()
  year!: unknown;

  @ApiProperty({ type: 'string', maxLength: PaymentLimits.holderNameMaxLength, example: 'Ana López' })
  @Allow()
  holder_name!: unknown;
}

/** The 3-D Secure page's form. */
export class ThreeDsDecisionDto {
  @IsIn(['approve', 'fail'])
  result!: 'approve' | 'fail';
}

/** The approval page's form. */
export class ApprovalDecisionDto {
  @IsIn(['approve', 'cancel'])
  result!: 'approve' | 'cancel';
}
