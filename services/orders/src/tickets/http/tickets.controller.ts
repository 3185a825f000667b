import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import {
  AttendantListSchema,
  AttendantSchema,
  CheckInResultSchema,
  TicketsPdfSchema,
  TicketsZipSchema,
  type Attendant,
  type AttendantList,
  type CheckInResult,
} from '@vitrina/contracts';
import {
  ApiAnswer,
  ApiOperation,
  ApiRefusals,
  ApiTags,
  Authenticated,
  CurrentUser,
  Idempotent,
  OwnerPath,
  PathOwner,
  type AuthUser,
  type OwnerRef,
} from '@vitrina/platform';
import type { FastifyReply } from 'fastify';
import { download as file } from '../../shared/download.js';
import { CheckInHandler } from '../commands/check-in.handler.js';
import { SellEstablishmentTicketsHandler } from '../commands/sell-establishment-tickets.handler.js';
import { UpdateAttendantHandler } from '../commands/update-attendant.handler.js';
import { TicketDocuments, fileName } from '../documents/ticket-documents.js';
import { AttendantQueries } from '../queries/attendant.queries.js';
import { AttendantsQueryDto, CheckInDto, EstablishmentTicketsDto, TicketFileQueryDto, UpdateAttendantDto } from './tickets.dto.js';

/**
 * The customer's tickets (spec 3 §7 'Customer API', prefix `/{me}:{me}`: GET /orders/{id}/attendants, /{attendantId}
 * and .pdf, /attendants/pdf, /attendants/zip; the attendee update). Only the order's customer: 404 for anyone else.
 */
@ApiTags('orders: tickets')
@ApiRefusals(400)
@Controller('orders')
@OwnerPath('me')
export class CustomerTicketsController {
  constructor(
    private readonly queries: AttendantQueries,
    private readonly updates: UpdateAttendantHandler,
    private readonly documents: TicketDocuments,
  ) {}

  @Get(':me/orders/:id/attendants')
  @ApiOperation({ summary: "The order's attendee tickets, 10 a page (spec 3 §9)" })
  @ApiAnswer(AttendantListSchema, { errors: [404] })
  list(@PathOwner() me: OwnerRef, @Param('id') id: string, @Query() q: AttendantsQueryDto): Promise<AttendantList> {
    return this.queries.page(me.ownerId, id, q.offset, q.limit);
  }

  // the static downloads come before `:attendantId` (the router prefers static segments anyway)
  @Get(':me/orders/:id/attendants/pdf')
  @ApiOperation({ summary: 'Every ticket of the order in one PDF, a page each' })
  @ApiAnswer(TicketsPdfSchema, { contentType: 'application/pdf', errors: [404] })
  async allPdf(
    @PathOwner() me: OwnerRef,
    @Param('id') id: string,
    @Query() q: TicketFileQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const tickets = await this.queries.all(me.ownerId, id);
    const name = q.lang === 'en' ? 'tickets' : 'boletos';
    return file(reply, await this.documents.pdf(tickets, q.lang), 'application/pdf', `${name}-${id}.pdf`);
  }

  @Get(':me/orders/:id/attendants/zip')
  @ApiOperation({ summary: 'Every ticket of the order as a zip of PDFs, one per attendee' })
  @ApiAnswer(TicketsZipSchema, { contentType: 'application/zip', errors: [404] })
  async zip(
    @PathOwner() me: OwnerRef,
    @Param('id') id: string,
    @Query() q: TicketFileQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const tickets = await this.queries.all(me.ownerId, id);
    const name = q.lang === 'en' ? 'tickets' : 'boletos';
    return file(reply, await this.documents.zip(tickets, q.lang), 'application/zip', `${name}-${id}.zip`);
  }

  @Get(':me/orders/:id/attendants/:attendantId.pdf')
  @ApiOperation({ summary: 'One ticket as a PDF (experience, date, attendee, order and its QR code)' })
  @ApiAnswer(TicketsPdfSchema, { contentType: 'application/pdf', errors: [404] })
  async onePdf(
    @PathOwner() me: OwnerRef,
    @Param('id') id: string,
    @Param('attendantId') attendantId: string,
    @Query() q: TicketFileQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const ticket = await this.queries.row(me.ownerId, id, attendantId);
    return file(reply, await this.documents.pdf([ticket], q.lang), 'application/pdf', fileName(ticket, ticket.position, q.lang));
  }

  @Get(':me/orders/:id/attendants/:attendantId')
  @ApiOperation({ summary: 'One attendee ticket' })
  @ApiAnswer(AttendantSchema, { errors: [404] })
  one(@PathOwner() me: OwnerRef, @Param('id') id: string, @Param('attendantId') attendantId: string): Promise<Attendant> {
    return this.queries.one(me.ownerId, id, attendantId);
  }

  @Patch(':me/orders/:id/attendants/:attendantId')
  @ApiOperation({ summary: "Update a ticket's attendee (name, phone); a used ticket cannot change (409)" })
  @ApiAnswer(AttendantSchema, { errors: [404, 409] })
  update(
    @PathOwner() me: OwnerRef,
    @Param('id') id: string,
    @Param('attendantId') attendantId: string,
    @Body() body: UpdateAttendantDto,
  ): Promise<Attendant> {
    return this.updates.update(me.ownerId, id, attendantId, { full_name: body?.full_name, phone: body?.phone });
  }
}

/**
 * The door (issue 13: check-in by scanning the QR): the experience's supplier, or a user with the `qrreader`
 * keychain entry. First scan checks in, a second answers already_used with its time, a forged code is 422.
 */
@ApiTags('orders: tickets')
@ApiRefusals(400)
@Controller('orders')
export class CheckInController {
  constructor(private readonly checkIns: CheckInHandler) {}

  @Post('checkin')
  @HttpCode(200)
  @Authenticated()
  @Idempotent()
  @ApiOperation({ summary: 'Check a ticket in by its QR payload (supplier of the experience, or the qrreader role)' })
  @ApiAnswer(CheckInResultSchema, { errors: [403, 409, 422] })
  checkIn(@CurrentUser() user: AuthUser, @Body() body: CheckInDto): Promise<CheckInResult> {
    return this.checkIns.checkIn(user, body.code);
  }
}

/** The establishment seller (spec 3 §6): tickets sold at the counter or given as courtesy, each sale an order. */
@ApiTags('orders: tickets')
@ApiRefusals(400)
@Controller('orders/admin/suppliers')
@OwnerPath('me')
export class EstablishmentTicketsController {
  constructor(private readonly sales: SellEstablishmentTicketsHandler) {}

  @Post(':me/tickets')
  @Idempotent()
  @ApiOperation({ summary: 'Create tickets sold in the establishment or given as courtesy (one order, delivered)' })
  @ApiAnswer(AttendantListSchema, { status: 201 })
  create(@PathOwner() me: OwnerRef, @Body() body: EstablishmentTicketsDto): Promise<AttendantList> {
    return this.sales.sell(me.ownerId, {
      itemId: body.item_id,
      itemName: body.item_name,
      experienceDate: body.experience_date,
      type: body.type,
      attendees: body.attendees,
      unitPriceMinor: body.unit_price_minor,
      currency: body.currency,
      shopId: body.shop_id,
      shopSlug: body.shop_slug,
      shopName: body.shop_name,
      supplierName: body.supplier_name,
    });
  }
}
