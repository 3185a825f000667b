import type { CfdiUse, OrderInvoicing, TaxRegime } from '@vitrina/contracts';

/**
 * The port for CFDI 4.0 invoices (Mexico), stamped through a PAC (proveedor autorizado de certificación: Facturama,
 * Finkok, SW Sapien, ...). Designed now, no adapter yet (issue 13 leaves it for later): the order already holds the
 * receiver's data (`orders.invoicing`: RFC, name, tax regime, CFDI use, postal code), validated as the SAT catalogues
 * say (domain/invoicing.rules.ts), and the customer downloads a receipt that is not a fiscal document.
 *
 * How an adapter works:
 * - `stamp` builds the CFDI 4.0 XML (Comprobante version 4.0, TipoDeComprobante I, Exportacion 01): the Emisor is the
 *   seller's fiscal data (RFC, name, regime and the CSD certificate and key: not modelled yet, the supplier settings
 *   issue adds them), the Receptor is `invoicing` (Rfc, Nombre, DomicilioFiscalReceptor = postal_code,
 *   RegimenFiscalReceptor = tax_regime, UsoCFDI = cfdi_use), one Concepto per order line (ClaveProdServ and
 *   ClaveUnidad from the item, ObjetoImp, IVA 16 % traslado) and the shipping and extra charge as their own
 *   Conceptos; it seals the XML with the CSD and sends it to the PAC, which adds the TimbreFiscalDigital. The answer
 *   is the fiscal UUID (folio fiscal), the stamped XML and the PAC's PDF rendering.
 * - Stamping is idempotent per order: the adapter sends the order id as Serie/Folio and, on a timeout, asks the PAC
 *   for the CFDI of that folio before stamping again, so a retry never issues two invoices for one order. It runs
 *   as a job (attempts with backoff); the UUID is stored on the order and announced as an `orders.order` event.
 * - `cancel` asks the SAT, through the PAC, to cancel a stamped CFDI with one of its reasons (c_MotivoCancelacion):
 *   '01' issued with errors and replaced (needs the replacing UUID), '02' issued with errors, '03' the operation did
 *   not happen (an order cancelled after invoicing), '04' a nominative operation in a global invoice. Above the SAT's
 *   amount threshold the receiver must accept the cancellation: the answer says whether it is done or pending.
 * - PAC refusals (CFDI40xxx codes: an RFC not in the SAT's list, a name or postal code that does not match the tax
 *   certificate, a regime not allowed with the CFDI use) come back as `InvoiceRefusal` with the PAC's code, so the
 *   customer is asked to correct the invoicing data; network failures throw and the job retries.
 */
export interface InvoiceProvider {
  stamp(order: InvoiceOrder, invoicing: OrderInvoicing): Promise<StampedInvoice>;
  cancel(uuid: string, reason: CfdiCancellationReason, replacementUuid?: string): Promise<InvoiceCancellation>;
}

export const INVOICE_PROVIDER = Symbol('INVOICE_PROVIDER');

/** What the invoice is made of: the order as it was placed (amounts in minor units of `currency`). */
export interface InvoiceOrder {
  orderId: string;
  placedAt: Date;
  currency: string;
  /** The seller that issues the invoice (its fiscal data is looked up by the adapter). */
  supplierId: string;
  lines: { lineId: string; itemId: string; name: string; quantity: number; unitPriceMinor: number }[];
  shippingMinor: number;
  extraChargeMinor: number;
  totalMinor: number;
  paymentType: string;
}

export interface StampedInvoice {
  /** The fiscal UUID (folio fiscal) of the TimbreFiscalDigital. */
  uuid: string;
  /** The stamped CFDI 4.0 XML. */
  xml: string;
  /** The PAC's printed representation. */
  pdf: Uint8Array;
}

/** SAT c_MotivoCancelacion. */
export type CfdiCancellationReason = '01' | '02' | '03' | '04';

export interface InvoiceCancellation {
  uuid: string;
  status: 'cancelled' | 'pending_receiver';
}

/** The PAC refused the CFDI: its code (CFDI40xxx) and message, for the customer to correct the invoicing data. */
export class InvoiceRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly receiver?: { rfc: string; taxRegime: TaxRegime; cfdiUse: CfdiUse },
  ) {
    super(message);
    this.name = 'InvoiceRefusal';
  }
}
