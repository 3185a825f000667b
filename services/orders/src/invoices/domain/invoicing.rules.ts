import {
  isValidRfc,
  OrderErrorCodes,
  TAX_REGIME_NAMES,
  TAX_REGIME_TAXPAYERS,
  taxpayerKindOf,
  type CfdiUse,
  type OrderInvoicing,
  type TaxRegime,
} from '@vitrina/contracts';
import { ValidationError } from '@vitrina/platform';

export interface InvoicingInput {
  rfc: string;
  name: string;
  tax_regime: TaxRegime;
  cfdi_use: CfdiUse;
  postal_code: string;
}

/**
 * The customer's invoicing data as a CFDI 4.0 receiver needs it (spec 3 §3 'Purchase order': invoicing data, tax
 * regime, CFDI use). The RFC is read without spaces or hyphens and upper-cased, then checked: its shape and a real
 * date (400 invalid_rfc). The regime must be one a taxpayer of that kind may declare (a 13-character RFC is a natural
 * person, 12 a legal person), as the SAT's c_RegimenFiscal says; a PAC would refuse the stamp otherwise.
 */
export function invoicingOf(input: InvoicingInput): OrderInvoicing {
  const rfc = input.rfc.replace(/[\s-]/g, '').toUpperCase();
  if (!isValidRfc(rfc)) {
    throw new ValidationError(
      'The RFC is not valid',
      { rfc: ['an RFC: 3 or 4 letters, a date yymmdd, 3 characters'] },
      OrderErrorCodes.invalidRfc,
    );
  }
  const kind = taxpayerKindOf(rfc);
  if (!TAX_REGIME_TAXPAYERS[input.tax_regime].includes(kind)) {
    const who = kind === 'fisica' ? 'a natural person (13-character RFC)' : 'a legal person (12-character RFC)';
    throw new ValidationError(`${input.tax_regime} ${TAX_REGIME_NAMES[input.tax_regime]} is not a regime of ${who}`, {
      tax_regime: [`not a regime of ${who}`],
    });
  }
  return {
    rfc,
    // the name as the tax certificate writes it: kept, only spaces tidied
    name: input.name.trim().replace(/\s+/g, ' '),
    tax_regime: input.tax_regime,
    cfdi_use: input.cfdi_use,
    postal_code: input.postal_code,
  };
}
