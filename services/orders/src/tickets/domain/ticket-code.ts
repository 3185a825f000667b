import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { TicketLimits } from '@vitrina/contracts';

/**
 * What a ticket's QR code carries (spec 3 §3 'Attendee/ticket': signed, unguessable): `vt1.<attendantId>.<mac>`,
 * where mac is the base64url HMAC-SHA256 of the version and the id under the service's ticket key. The door checks
 * the MAC before it reads anything, so a forged or altered code is refused without telling whether the id exists;
 * ids are v7 uuids (partly predictable): the MAC is what protects a ticket, not the id.
 */
export const TICKET_CODE_VERSION = 'vt1';

const ID = /^[0-9A-Za-z-]{1,64}$/;
const MAC = /^[A-Za-z0-9_-]{43}$/;

function macOf(attendantId: string, key: Buffer): Buffer {
  return createHmac('sha256', key).update(`${TICKET_CODE_VERSION}.${attendantId}`).digest();
}

/** The QR payload of a ticket. */
export function signTicket(attendantId: string, key: Buffer): string {
  return `${TICKET_CODE_VERSION}.${attendantId}.${macOf(attendantId, key).toString('base64url')}`;
}

/** The ticket's id when `code` is one of ours and untouched; undefined for anything else. Constant time on the MAC. */
export function verifyTicket(code: string, key: Buffer): string | undefined {
  if (typeof code !== 'string' || code.length > TicketLimits.codeMax) return undefined;
  const parts = code.trim().split('.');
  if (parts.length !== 3) return undefined;
  const [version, id, mac] = parts;
  if (version !== TICKET_CODE_VERSION || !ID.test(id) || !MAC.test(mac)) return undefined;
  const given = Buffer.from(mac, 'base64url');
  // 43 base64url characters are 258 bits: one whose last two bits are set decodes to the same 32 bytes, so the
  // canonical spelling is required as well (one changed character is always refused).
  if (given.length !== 32 || given.toString('base64url') !== mac) return undefined;
  return timingSafeEqual(given, macOf(id, key)) ? id : undefined;
}

export interface TicketKeyEnv {
  TICKETS_SIGNING_KEY?: string;
  INTERNAL_SERVICE_SECRET?: string;
  NODE_ENV?: string;
}

/** The minimum length of TICKETS_SIGNING_KEY. */
export const TICKET_KEY_MIN = 32;

/**
 * The ticket key (services/orders/README.md 'Tickets'): TICKETS_SIGNING_KEY when set (at least 32 characters, used
 * through HKDF too so any string makes a 32-byte key), else derived with HKDF-SHA256 from `fallbackSecret` (the
 * internal service secret, or its development value outside production), with its own info string so the key
 * is never the secret itself. Changing either voids every ticket already issued (its QR no longer verifies).
 */
export function ticketKeyFrom(env: TicketKeyEnv, fallbackSecret: string): Buffer {
  const own = env.TICKETS_SIGNING_KEY;
  if (own !== undefined && own !== '' && own.length < TICKET_KEY_MIN) {
    throw new Error(`TICKETS_SIGNING_KEY: must be at least ${TICKET_KEY_MIN} characters`);
  }
  const ikm = own || fallbackSecret;
  return Buffer.from(hkdfSync('sha256', ikm, 'vitrina.orders', 'tickets qr signing key v1', 32));
}
