import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { CheckoutAddressSchema, DeliveryLimits, type CheckoutAddress } from '@vitrina/contracts';
import { DB, TransactionRunner, newId, type Db } from '@vitrina/platform';
import type * as schema from '../../db/schema.js';
import { addresses } from '../../db/delivery-schema.js';
import { formatAddress, requirePhone, requirePostalCode, requireState } from '../domain/address.rules.js';
import { DeliveryErrors } from '../domain/delivery.errors.js';
import type { AddressDto } from './http/address.dto.js';

export type AddressRow = typeof addresses.$inferSelect;

export function toAddress(row: AddressRow): CheckoutAddress {
  return CheckoutAddressSchema.parse({
    id: row.id,
    address_name: row.addressName,
    address_phone: row.addressPhone,
    street_address: row.streetAddress,
    route: row.route,
    street_number: row.streetNumber,
    country: row.country,
    administrative_area_level_1: row.state,
    locality: row.locality,
    sublocality: row.sublocality,
    postal_code: row.postalCode,
    formatted_address: row.formattedAddress,
  });
}

/** Validates an address (400 `invalid_state` / `invalid_postal_code` / `invalid_phone`) into its stored fields. */
function addressFields(input: AddressDto) {
  const state = requireState(input.administrative_area_level_1, 'administrative_area_level_1');
  const postalCode = requirePostalCode(input.postal_code, 'postal_code');
  const addressPhone = requirePhone(input.address_phone, 'address_phone');
  const streetAddress = input.street_address || `${input.route} ${input.street_number}`;
  const sublocality = input.sublocality ? input.sublocality : null;
  return {
    addressName: input.address_name,
    addressPhone,
    streetAddress,
    route: input.route,
    streetNumber: input.street_number,
    country: 'MX',
    state,
    locality: input.locality,
    sublocality,
    postalCode,
    formattedAddress: input.formatted_address || formatAddress({ streetAddress, sublocality, locality: input.locality, state, postalCode }),
  };
}

/** A user's saved addresses; every read and write is scoped by the user (another user's id answers 404). */
@Injectable()
export class AddressRepository {
  constructor(
    @Inject(DB) private readonly db: Db<typeof schema>,
    private readonly tx: TransactionRunner,
  ) {}

  async list(userId: string): Promise<CheckoutAddress[]> {
    const rows = await this.db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(asc(addresses.createdAt), asc(addresses.id));
    return rows.map(toAddress);
  }

  /** The user's address, or 404 `address_not_found`. */
  async owned(userId: string, id: string): Promise<AddressRow> {
    const [row] = await this.db
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .limit(1);
    if (!row) throw DeliveryErrors.addressNotFound();
    return row;
  }

  async create(userId: string, input: AddressDto): Promise<CheckoutAddress> {
    const fields = addressFields(input);
    return this.tx.run(async (tx) => {
      // one user's saves are serialised so the limit holds under concurrent calls
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`addresses:${userId}`}))`);
      const [{ n }] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
      if (n >= DeliveryLimits.addressesPerUser) throw DeliveryErrors.addressLimitReached(DeliveryLimits.addressesPerUser);
      const [row] = await tx
        .insert(addresses)
        .values({ id: newId(), userId, ...fields })
        .returning();
      return toAddress(row);
    });
  }

  async replace(userId: string, id: string, input: AddressDto): Promise<CheckoutAddress> {
    const fields = addressFields(input);
    const [row] = await this.db
      .update(addresses)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning();
    if (!row) throw DeliveryErrors.addressNotFound();
    return toAddress(row);
  }

  async remove(userId: string, id: string): Promise<void> {
    const rows = await this.db
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning({ id: addresses.id });
    if (rows.length === 0) throw DeliveryErrors.addressNotFound();
  }
}
