import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  CartCheckoutErrorCodes as Codes,
  ErrorCodes,
  DEFAULT_PHONE_LENGTH,
  PHONE_LENGTHS,
  type Checkout,
  type CheckoutAttendee,
  type CheckoutContact,
  type CheckoutPublicSlug,
} from '@vitrina/contracts';
import { DomainError } from '@vitrina/platform';
import { cartError } from '../carts/domain/cart.rules.js';
import { CheckoutRepository } from './checkout.repository.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MIN_PHONE_DIGITS = 8;

/** spec 3 §5: whitespace removed from phone and e-mail; the phone is digits, at most the country's length. */
export function normalisePhone(phone: string, country: string): string | undefined {
  const digits = phone.replace(/\s+/g, '').replace(/^\+/, '');
  const max = PHONE_LENGTHS[country.toUpperCase()] ?? DEFAULT_PHONE_LENGTH;
  if (!/^\d+$/.test(digits) || digits.length < MIN_PHONE_DIGITS || digits.length > max) return undefined;
  return digits;
}

/** The checkout page's writes that are not delivery: contact, attendees, shared slug. */
@Injectable()
export class CheckoutPageService {
  constructor(private readonly checkouts: CheckoutRepository) {}

  get(id: string, userId: string): Promise<Checkout> {
    return this.checkouts.loadOwnedCheckout(id, userId);
  }

  setContact(id: string, userId: string, input: CheckoutContact): Promise<Checkout> {
    const country = input.phone_country.toUpperCase();
    const name = input.name.trim().replace(/\s+/g, ' ');
    const email = input.email.replace(/\s+/g, '');
    const phone = normalisePhone(input.phone, country);
    const fields: Record<string, string[]> = {};
    if (!name) fields.name = ['The name is required'];
    if (!EMAIL.test(email)) fields.email = ['Not a valid e-mail address'];
    if (!phone) fields.phone = [`The phone must be ${MIN_PHONE_DIGITS} to ${PHONE_LENGTHS[country] ?? DEFAULT_PHONE_LENGTH} digits`];
    if (Object.keys(fields).length > 0) {
      const code = fields.phone && Object.keys(fields).length === 1 ? Codes.invalidPhone : ErrorCodes.validationFailed;
      throw new DomainError(code, 'Check the contact details', 400, fields);
    }
    return this.checkouts.update(id, userId, async () => ({ contact: { name, email, phone: phone!, phone_country: country } }));
  }

  /** One attendee per experience ticket (spec 3 §5: reviewed before payment). */
  setAttendees(id: string, userId: string, attendees: CheckoutAttendee[]): Promise<Checkout> {
    return this.checkouts.update(id, userId, async (row, tx) => {
      const lines = await this.checkouts.linesOf(row.id, tx);
      const tickets = lines.filter((l) => (l.product as { type?: string }).type === 'experience').reduce((n, l) => n + l.quantity, 0);
      if (tickets === 0) throw cartError(Codes.attendeesMismatch, 'This checkout has no experience tickets', 409);
      const cleaned = attendees.map((a) => ({ full_name: a.full_name.trim().replace(/\s+/g, ' '), phone: a.phone.replace(/\s+/g, '') }));
      if (cleaned.length !== tickets || cleaned.some((a) => !a.full_name || !/^\+?\d{8,15}$/.test(a.phone))) {
        const err = cartError(Codes.attendeesMismatch, `Give a full name and phone for each of the ${tickets} tickets`, 400);
        err.details = { tickets };
        throw err;
      }
      return { attendees: cleaned };
    });
  }

  async share(id: string, userId: string): Promise<CheckoutPublicSlug> {
    const slug = randomBytes(8)
      .toString('base64url')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 10)
      .padEnd(10, '0');
    const checkout = await this.checkouts.update(id, userId, async (row) => {
      if (row.publicSlug) throw cartError(Codes.slugAlreadyGenerated, 'The public slug was already generated', 409);
      return { publicSlug: slug };
    });
    return { public_slug: checkout.public_slug ?? slug };
  }
}
