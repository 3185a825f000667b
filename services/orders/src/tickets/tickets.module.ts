import { Module } from '@nestjs/common';
import { CheckInHandler } from './commands/check-in.handler.js';
import { SellEstablishmentTicketsHandler } from './commands/sell-establishment-tickets.handler.js';
import { UpdateAttendantHandler } from './commands/update-attendant.handler.js';
import { TicketDocuments } from './documents/ticket-documents.js';
import { CheckInController, CustomerTicketsController, EstablishmentTicketsController } from './http/tickets.controller.js';
import { AttendantQueries } from './queries/attendant.queries.js';
import { TicketSigner } from './ticket-signer.js';

/**
 * Tickets (issue 13; spec 3 §3 'Attendee/ticket'): the customer's tickets with their signed QR codes, the attendee
 * update, PDF and zip downloads, check-in at the door, and the establishment's own sales and courtesies. The
 * tickets of a purchase are made at placement (TicketIssuer, in OrdersCoreModule). Mounted by OrdersModule.
 */
@Module({
  controllers: [CustomerTicketsController, CheckInController, EstablishmentTicketsController],
  providers: [TicketSigner, AttendantQueries, TicketDocuments, UpdateAttendantHandler, CheckInHandler, SellEstablishmentTicketsHandler],
})
export class TicketsModule {}
