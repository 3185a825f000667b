import {
  CFDI_USES,
  isValidRfc,
  TAX_REGIME_TAXPAYERS,
  TAX_REGIMES,
  taxpayerKindOf,
  type CfdiUse,
  type OrderInvoicing,
  type TaxRegime,
} from '@vitrina/contracts';
import type { InvoicingKey } from '../i18n/texts';

export interface InvoicingValues {
  rfc: string;
  name: string;
  tax_regime: string;
  cfdi_use: string;
  postal_code: string;
}

export type InvoicingErrors = Partial<Record<keyof InvoicingValues, InvoicingKey>>;

export function initialValues(invoicing: OrderInvoicing | null): InvoicingValues {
  return invoicing ? { ...invoicing } : { rfc: '', name: '', tax_regime: '', cfdi_use: '', postal_code: '' };
}

/** The RFC as the server reads it: without spaces or hyphens, upper case. */
export function cleanRfc(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/** The regimes a taxpayer with this RFC may declare (all of them until the RFC is complete). */
export function regimesFor(rfc: string): readonly TaxRegime[] {
  const clean = cleanRfc(rfc);
  if (!isValidRfc(clean)) return TAX_REGIMES;
  const kind = taxpayerKindOf(clean);
  return TAX_REGIMES.filter((r) => TAX_REGIME_TAXPAYERS[r].includes(kind));
}

const isRegime = (value: string): value is TaxRegime => (TAX_REGIMES as readonly string[]).includes(value);
const isUse = (value: string): value is CfdiUse => (CFDI_USES as readonly string[]).includes(value);

/** The same checks as the server (domain/invoicing.rules.ts): a body to send, or what to fix. */
export function validateInvoicing(values: InvoicingValues): { body: OrderInvoicing | null; errors: InvoicingErrors } {
  const errors: InvoicingErrors = {};
  const rfc = cleanRfc(values.rfc);
  const name = values.name.trim().replace(/\s+/g, ' ');
  if (!isValidRfc(rfc)) errors.rfc = 'validation.rfc';
  if (!name) errors.name = 'validation.name';
  if (!isRegime(values.tax_regime)) errors.tax_regime = 'validation.regime';
  else if (!errors.rfc && !TAX_REGIME_TAXPAYERS[values.tax_regime].includes(taxpayerKindOf(rfc))) {
    errors.tax_regime = taxpayerKindOf(rfc) === 'fisica' ? 'validation.regimeNotForFisica' : 'validation.regimeNotForMoral';
  }
  if (!isUse(values.cfdi_use)) errors.cfdi_use = 'validation.cfdiUse';
  if (!/^\d{5}$/.test(values.postal_code.trim())) errors.postal_code = 'validation.postalCode';
  if (Object.keys(errors).length > 0 || !isRegime(values.tax_regime) || !isUse(values.cfdi_use)) return { body: null, errors };
  return { body: { rfc, name, tax_regime: values.tax_regime, cfdi_use: values.cfdi_use, postal_code: values.postal_code.trim() }, errors };
}
