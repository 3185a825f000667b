import { Module } from '@nestjs/common';
import { CustomerInvoicesController, SellerInvoicesController } from './http/invoices.controller.js';
import { InvoicingService } from './invoicing.service.js';

/**
 * Invoices (issue 13): the customer's invoicing data (validated against the SAT catalogues), the downloadable PDF
 * receipt for the customer and the seller, and the `InvoiceProvider` port for CFDI 4.0 stamping through a PAC
 * (invoice-provider.ts; no adapter yet). Mounted by OrdersModule; shares OrdersCoreModule's providers.
 */
@Module({
  controllers: [CustomerInvoicesController, SellerInvoicesController],
  providers: [InvoicingService],
})
export class InvoicesModule {}
