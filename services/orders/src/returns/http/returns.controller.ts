import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import {
  CollaboratorAccess,
  OrderReturnEligibilitySchema,
  ReturnLabelPdfSchema,
  ReturnRefundSchema,
  ReturnRequestSchema,
  ReturnSummaryListSchema,
  type OrderReturnEligibility,
  type ReturnRefund,
  type ReturnRequest,
  type ReturnSummaryList,
} from '@vitrina/contracts';
import {
  IdempotencyKeyHeader,
  ApiAnswer,
  ApiOperation,
  ApiRefusals,
  ApiTags,
  Idempotent,
  OwnerPath,
  PathOwner,
  type OwnerRef,
} from '@vitrina/platform';
import type { FastifyReply } from 'fastify';
import { download } from '../../shared/download.js';
import { AnnotateReturnHandler } from '../commands/annotate-return.handler.js';
import { CloseReturnHandler } from '../commands/close-return.handler.js';
import { IssueReturnLabelHandler, type LabelInput } from '../commands/issue-return-label.handler.js';
import { OpenReturnHandler } from '../commands/open-return.handler.js';
import { RefundReturnHandler } from '../commands/refund-return.handler.js';
import { ReturnQueries } from '../queries/return.queries.js';
import { OpenReturnDto, ReturnCommentDto, ReturnLabelDto, ReturnListQueryDto, ReturnNoteDto, ReturnRefundDto } from './returns.dto.js';

const LABEL_PDF = { contentType: 'application/pdf', description: 'The return label, 4 × 6 in', errors: [404] };

const sendLabel = (reply: FastifyReply, returnId: string, pdf: Uint8Array): Buffer =>
  download(reply, pdf, 'application/pdf', `guia-devolucion-${returnId.replace(/[^\w-]/g, '')}.pdf`);

const labelInput = (body: ReturnLabelDto): LabelInput => ({
  shipTo: body.ship_to,
  carrier: body.carrier ?? null,
  trackingNumber: body.tracking_number ?? null,
});

/**
 * The customer's returns (spec 3 §2 'Return request', §4 'Returns'): eligibility on an order, the request, the list
 * (open or closed), one request and its comments. Only the order's customer: anyone else's ids answer 404.
 */
@ApiTags('orders: returns')
@ApiRefusals(400)
@Controller('orders')
@OwnerPath('me')
export class CustomerReturnsController {
  constructor(
    private readonly opening: OpenReturnHandler,
    private readonly notes: AnnotateReturnHandler,
    private readonly labels: IssueReturnLabelHandler,
    private readonly queries: ReturnQueries,
  ) {}

  @Get(':me/orders/:order/return-eligibility')
  @ApiOperation({ summary: "Whether the customer may request a return of the order now, and the items' return terms" })
  @ApiAnswer(OrderReturnEligibilitySchema, { errors: [404] })
  eligibility(@PathOwner() me: OwnerRef, @Param('order') order: string): Promise<OrderReturnEligibility> {
    return this.queries.eligibility(order, me.ownerId);
  }

  @Post(':me/orders/:order/returns')
  @Idempotent()
  @ApiOperation({ summary: 'Request a return of a received order (within 72 h of receipt, where the items allow it)' })
  @ApiAnswer(ReturnRequestSchema, { status: 201, errors: [404, 409, 503] })
  open(@PathOwner() me: OwnerRef, @Param('order') order: string, @Body() body: OpenReturnDto): Promise<ReturnRequest> {
    return this.opening.open(me.ownerId, order, {
      reason: body.reason,
      subReason: body.sub_reason ?? '',
      photos: body.photos ?? [],
      comments: body.comments ?? '',
    });
  }

  @Get(':me/returns')
  @ApiOperation({ summary: "The customer's return requests, newest first; status open or closed" })
  @ApiAnswer(ReturnSummaryListSchema)
  list(@PathOwner() me: OwnerRef, @Query() q: ReturnListQueryDto): Promise<ReturnSummaryList> {
    return this.queries.list('customer', me.ownerId, q);
  }

  @Get(':me/returns/:id')
  @ApiOperation({ summary: 'One of the customer’s return requests (request, record, refunds, comments)' })
  @ApiAnswer(ReturnRequestSchema, { errors: [404] })
  get(@PathOwner() me: OwnerRef, @Param('id') id: string): Promise<ReturnRequest> {
    return this.queries.detail('customer', id, me.ownerId);
  }

  @Post(':me/returns/:id/comments')
  @ApiOperation({ summary: 'The customer comments on an open return request' })
  @ApiAnswer(ReturnRequestSchema, { status: 201, errors: [404, 409] })
  comment(@PathOwner() me: OwnerRef, @Param('id') id: string, @Body() body: ReturnCommentDto): Promise<ReturnRequest> {
    return this.notes.note('customer', me.ownerId, id, body.body, 'client');
  }

  @Get(':me/returns/:id/label.pdf')
  @ApiOperation({ summary: 'The return label the seller issued (PDF); 404 return_label_missing before that' })
  @ApiAnswer(ReturnLabelPdfSchema, LABEL_PDF)
  async label(@PathOwner() me: OwnerRef, @Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    return sendLabel(reply, id, await this.labels.pdf('customer', me.ownerId, id));
  }
}

/** spec 3 §7 'GET /customers/{me}/add_to_wallet/{id}': the customer takes the return's refunds as wallet credit. */
@ApiTags('orders: returns')
@ApiRefusals(400)
@Controller('customers')
@OwnerPath('me')
export class CustomerWalletChoiceController {
  constructor(private readonly closing: CloseReturnHandler) {}

  @Get(':me/add_to_wallet/:id')
  @ApiOperation({ summary: "Refunds of the open return request go to the customer's wallet instead of the original payment" })
  @ApiAnswer(ReturnRequestSchema, { errors: [404, 409] })
  addToWallet(@PathOwner() me: OwnerRef, @Param('id') id: string): Promise<ReturnRequest> {
    return this.closing.chooseWallet(me.ownerId, id);
  }
}

/** The supplier's returns (the order's supplier): list, detail, notes, refunds and closing. */
@ApiTags('orders: returns (seller)')
@ApiRefusals(400)
@Controller('orders/admin/suppliers')
@OwnerPath('me')
export class SupplierReturnsController {
  constructor(
    private readonly notes: AnnotateReturnHandler,
    private readonly refunds: RefundReturnHandler,
    private readonly closing: CloseReturnHandler,
    private readonly labels: IssueReturnLabelHandler,
    private readonly queries: ReturnQueries,
  ) {}

  @OwnerPath('me', { collaborators: CollaboratorAccess.ordersRead })
  @Get(':me/returns')
  @ApiOperation({ summary: 'Return requests of the orders the user supplies, newest first; status open or closed' })
  @ApiAnswer(ReturnSummaryListSchema)
  list(@PathOwner() me: OwnerRef, @Query() q: ReturnListQueryDto): Promise<ReturnSummaryList> {
    return this.queries.list('supplier', me.ownerId, q);
  }

  @OwnerPath('me', { collaborators: CollaboratorAccess.ordersRead })
  @Get(':me/returns/:id')
  @ApiOperation({ summary: 'One return request of an order the user supplies (internal notes included)' })
  @ApiAnswer(ReturnRequestSchema, { errors: [404] })
  get(@PathOwner() me: OwnerRef, @Param('id') id: string): Promise<ReturnRequest> {
    return this.queries.detail('supplier', id, me.ownerId);
  }

  @OwnerPath('me', { collaborators: CollaboratorAccess.ordersWork })
  @Post(':me/returns/:id/notes')
  @ApiOperation({ summary: 'A note on the return request, visible to the client or internal' })
  @ApiAnswer(ReturnRequestSchema, { status: 201, errors: [404, 409] })
  note(@PathOwner() me: OwnerRef, @Param('id') id: string, @Body() body: ReturnNoteDto): Promise<ReturnRequest> {
    return this.notes.note('supplier', me.ownerId, id, body.body, body.visibility);
  }

  @OwnerPath('me', { collaborators: CollaboratorAccess.ordersWork })
  @Post(':me/returns/:id/label')
  @Idempotent()
  @ApiOperation({ summary: 'Issue (or reissue) the return label: the address to send the parcel to, and the carrier guide if any' })
  @ApiAnswer(ReturnRequestSchema, { status: 201, errors: [404, 409] })
  issueLabel(@PathOwner() me: OwnerRef, @Param('id') id: string, @Body() body: ReturnLabelDto): Promise<ReturnRequest> {
    return this.labels.issue('supplier', me.ownerId, id, labelInput(body));
  }

  @OwnerPath('me', { collaborators: CollaboratorAccess.ordersRead })
  @Get(':me/returns/:id/label.pdf')
  @ApiOperation({ summary: 'The return label (PDF)' })
  @ApiAnswer(ReturnLabelPdfSchema, LABEL_PDF)
  async label(@PathOwner() me: OwnerRef, @Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    return sendLabel(reply, id, await this.labels.pdf('supplier', me.ownerId, id));
  }

  @OwnerPath('me', { collaborators: CollaboratorAccess.refunds })
  @Post(':me/returns/:id/refunds')
  @Idempotent()
  @ApiOperation({ summary: 'Refund part of the order, at most the amount available (captured − refunded − restocking)' })
  @ApiAnswer(ReturnRefundSchema, { status: 201, errors: [404, 409, 422] })
  refund(
    @PathOwner() me: OwnerRef,
    @Param('id') id: string,
    @Body() body: ReturnRefundDto,
    @IdempotencyKeyHeader() key?: string,
  ): Promise<ReturnRefund> {
    return this.refunds.refund(me.ownerId, id, body.amount_minor, key);
  }

  @OwnerPath('me', { collaborators: CollaboratorAccess.refunds })
  @Post(':me/returns/:id/close')
  @Idempotent()
  @ApiOperation({ summary: "Close the return request (releases the order's dispersion)" })
  @ApiAnswer(ReturnRequestSchema, { status: 201, errors: [404, 409] })
  close(@PathOwner() me: OwnerRef, @Param('id') id: string): Promise<ReturnRequest> {
    return this.closing.close(me.ownerId, id);
  }
}

/** The dropshipping supplier's returns: it sees the requests of the orders it ships and writes notes. */
@ApiTags('orders: returns (dropshipping supplier)')
@ApiRefusals(400)
@Controller('orders')
@OwnerPath('me')
export class DssupplierReturnsController {
  constructor(
    private readonly notes: AnnotateReturnHandler,
    private readonly labels: IssueReturnLabelHandler,
    private readonly queries: ReturnQueries,
  ) {}

  @OwnerPath('me', { collaborators: CollaboratorAccess.ordersRead })
  @Get(':me/dssupplier/returns')
  @ApiOperation({ summary: 'Return requests of the orders the user ships as dropshipping supplier, newest first' })
  @ApiAnswer(ReturnSummaryListSchema)
  list(@PathOwner() me: OwnerRef, @Query() q: ReturnListQueryDto): Promise<ReturnSummaryList> {
    return this.queries.list('dssupplier', me.ownerId, q);
  }

  @OwnerPath('me', { collaborators: CollaboratorAccess.ordersRead })
  @Get(':me/dssupplier/returns/:id')
  @ApiOperation({ summary: 'One return request of an order the user ships' })
  @ApiAnswer(ReturnRequestSchema, { errors: [404] })
  get(@PathOwner() me: OwnerRef, @Param('id') id: string): Promise<ReturnRequest> {
    return this.queries.detail('dssupplier', id, me.ownerId);
  }

  @OwnerPath('me', { collaborators: CollaboratorAccess.ordersWork })
  @Post(':me/dssupplier/returns/:id/notes')
  @ApiOperation({ summary: 'A note on the return request, visible to the client or internal' })
  @ApiAnswer(ReturnRequestSchema, { status: 201, errors: [404, 409] })
  note(@PathOwner() me: OwnerRef, @Param('id') id: string, @Body() body: ReturnNoteDto): Promise<ReturnRequest> {
    return this.notes.note('dssupplier', me.ownerId, id, body.body, body.visibility);
  }

  @OwnerPath('me', { collaborators: CollaboratorAccess.ordersWork })
  @Post(':me/dssupplier/returns/:id/label')
  @Idempotent()
  @ApiOperation({ summary: 'Issue (or reissue) the return label of an order the user ships' })
  @ApiAnswer(ReturnRequestSchema, { status: 201, errors: [404, 409] })
  issueLabel(@PathOwner() me: OwnerRef, @Param('id') id: string, @Body() body: ReturnLabelDto): Promise<ReturnRequest> {
    return this.labels.issue('dssupplier', me.ownerId, id, labelInput(body));
  }

  @OwnerPath('me', { collaborators: CollaboratorAccess.ordersRead })
  @Get(':me/dssupplier/returns/:id/label.pdf')
  @ApiOperation({ summary: 'The return label (PDF)' })
  @ApiAnswer(ReturnLabelPdfSchema, LABEL_PDF)
  async label(@PathOwner() me: OwnerRef, @Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    return sendLabel(reply, id, await this.labels.pdf('dssupplier', me.ownerId, id));
  }
}
