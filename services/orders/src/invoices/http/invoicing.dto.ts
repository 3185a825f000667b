import { CFDI_USES, TAX_REGIMES, type CfdiUse, type TaxRegime } from '@vitrina/contracts';
import { ApiProperty } from '@vitrina/platform';
import { IsIn, IsString, Matches, MaxLength } from 'class-validator';

/** PUT .../orders/{id}/invoicing: the CFDI 4.0 receiver (spec 3 §3 'Purchase order': invoicing data). */
export class InvoicingDto {
  @ApiProperty({ description: 'RFC, 12 (legal person) or 13 (natural person) characters; spaces and hyphens ignored, upper-cased' })
  @IsString()
  @MaxLength(40)
  rfc!: string;

  @ApiProperty({ description: 'Razón social or name, as the tax certificate writes it' })
  @IsString()
  @Matches(/\S/, { message: 'name must not be blank' })
  @MaxLength(254)
  name!: string;

  @ApiProperty({ enum: TAX_REGIMES, description: 'SAT c_RegimenFiscal' })
  @IsIn(TAX_REGIMES)
  tax_regime!: TaxRegime;

  @ApiProperty({ enum: CFDI_USES, description: 'SAT c_UsoCFDI' })
  @IsIn(CFDI_USES)
  cfdi_use!: CfdiUse;

  @ApiProperty({ description: 'The fiscal address’s postal code (5 digits)', example: '06600' })
  @Matches(/^\d{5}$/, { message: 'postal_code must be 5 digits' })
  postal_code!: string;
}
