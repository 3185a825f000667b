import { Body, Controller, Get, Param, Put, Res } from '@nestjs/common';
import { CollaboratorAccess, OrderInvoicingSchema, OrderReceiptPdfSchema, type OrderInvoicing } from '@vitrina/contracts';
import { ApiAnswer, ApiOperation, ApiRefusals, ApiTags, OwnerPath, PathOwner, type OwnerRef } from '@vitrina/platform';
import type { FastifyReply } from 'fastify';
import { download } from '../../shared/download.js';
import { InvoicingService } from '../invoicing.service.js';
import { InvoicingDto } from './invoicing.dto.js';

const sendPdf = (reply: FastifyReply, orderId: string, pdf: Uint8Array): Buffer =>
  download(reply, pdf, 'application/pdf', `recibo-${orderId.replace(/[^\w-]/g, '')}.pdf`);

const RECEIPT = { contentType: 'application/pdf', description: 'The receipt (not a CFDI)', errors: [404] };

/** The customer's invoicing data and receipt (spec 3 §2 'Purchase order detail and print preview': invoicing data, download link). */
@ApiTags('orders: invoices')
@ApiRefusals(400)
@Controller('orders')
@OwnerPath('me')
export class CustomerInvoicesController {
  constructor(private readonly invoicing: InvoicingService) {}

  @Put(':me/orders/:id/invoicing')
  @ApiOperation({ summary: 'Set the invoicing data of the order (RFC, name, SAT tax regime and CFDI use, postal code)' })
  @ApiAnswer(OrderInvoicingSchema, { errors: [404] })
  set(@PathOwner() me: OwnerRef, @Param('id') id: string, @Body() body: InvoicingDto): Promise<OrderInvoicing> {
    return this.invoicing.set(me.ownerId, id, body);
  }

  @Get(':me/orders/:id/receipt.pdf')
  @ApiOperation({ summary: "The order's receipt (PDF)" })
  @ApiAnswer(OrderReceiptPdfSchema, RECEIPT)
  async receipt(@PathOwner() me: OwnerRef, @Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    return sendPdf(reply, id, await this.invoicing.customerReceipt(me.ownerId, id));
  }
}

/** The seller's copy of the receipt (spec 3 §7 'Supplier admin'). */
@ApiTags('orders: seller')
@ApiRefusals(400)
@Controller('orders/admin/suppliers')
@OwnerPath('me')
export class SellerInvoicesController {
  constructor(private readonly invoicing: InvoicingService) {}

  @OwnerPath('me', { collaborators: CollaboratorAccess.ordersRead })
  @Get(':me/orders/:id/receipt.pdf')
  @ApiOperation({ summary: 'The receipt of an order the user sells (PDF)' })
  @ApiAnswer(OrderReceiptPdfSchema, RECEIPT)
  async receipt(@PathOwner() me: OwnerRef, @Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    return sendPdf(reply, id, await this.invoicing.sellerReceipt(me.ownerId, id));
  }
}
