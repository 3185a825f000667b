import { Injectable } from '@nestjs/common';
import { internalServiceSecret } from '@vitrina/contracts';
import { signTicket, ticketKeyFrom, verifyTicket } from './domain/ticket-code.js';

/** Signs and verifies tickets' QR codes with the service's ticket key (read once, at start). */
@Injectable()
export class TicketSigner {
  private readonly key: Buffer;

  constructor() {
    this.key = ticketKeyFrom(process.env, internalServiceSecret(process.env));
  }

  code(attendantId: string): string {
    return signTicket(attendantId, this.key);
  }

  /** The ticket id a scanned code names, or undefined when the code is not a genuine, untouched ticket. */
  verify(code: string): string | undefined {
    return verifyTicket(code, this.key);
  }
}
