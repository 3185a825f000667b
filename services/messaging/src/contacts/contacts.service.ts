import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  ContactErrorCodes,
  ContactLimits,
  ErrorCodes,
  type ContactEntry,
  type ContactEntryInput,
  type ContactEntryList,
} from '@vitrina/contracts';
import { DB, DomainError, NotFoundError, TransactionRunner, isIdShaped, listResponse, newId, type Db } from '@vitrina/platform';
import { alerts, contactEntries, shops } from '../db/schema.js';
import type * as schema from '../db/schema.js';
import { containsPattern } from './domain/contact-rules.js';
import { NO_REFS } from '../alerts/alert-rules.js';

type ContactRow = typeof contactEntries.$inferSelect;

function entryOf(row: ContactRow): ContactEntry {
  return {
    id: row.id,
    shop_id: row.shopId,
    user: row.userId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    item_id: row.itemId,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Contact entries (issue 15; spec 2 §3 'Contact entry'): a visitor writes to a shop through its contact modal, the
 * shop's owner reads them. Shops and their owners come from messaging's projection of `store.shop` events.
 * Reads are the caller's own: only entries of shops they own, another owner's id is not found.
 */
@Injectable()
export class ContactsService {
  constructor(
    @Inject(DB) private readonly db: Db<typeof schema>,
    private readonly tx: TransactionRunner<typeof schema>,
  ) {}

  /** The shop by id or slug (spec 1 §2 'Shop paths' address a shop by slug); 404 shop_not_found when unknown. */
  private async shopOf(ref: string): Promise<typeof shops.$inferSelect> {
    const where = isIdShaped(ref) ? or(eq(shops.id, ref), eq(shops.slug, ref)) : eq(shops.slug, ref);
    const [shop] = await this.db
      .select()
      .from(shops)
      .where(where)
      // an id wins over a slug; of two shops that held a slug in turn, the latest
      .orderBy(desc(sql`${shops.id} = ${ref}`), desc(shops.updatedAt))
      .limit(1);
    if (!shop) throw new NotFoundError('No such shop', ErrorCodes.shopNotFound);
    return shop;
  }

  async create(shopRef: string, input: ContactEntryInput, userId: string | undefined): Promise<ContactEntry> {
    const shop = await this.shopOf(shopRef);
    await this.refuseFlood(shop.id, input.email, userId);
    const entry = await this.tx.run(async (tx) => {
      const [row] = await tx
        .insert(contactEntries)
        .values({
          id: newId(),
          shopId: shop.id,
          userId: userId ?? null,
          name: input.name,
          email: input.email,
          phone: input.phone ?? null,
          message: input.message,
          itemId: input.item_id ?? null,
        })
        .returning();
      // the owner's bell, in the same transaction; never when the owner writes to their own shop
      if (shop.ownerId !== userId) {
        await tx.insert(alerts).values({
          id: newId(),
          userId: shop.ownerId,
          role: 'shop_admin',
          origin: 'contact',
          type: 'contact_received',
          subtype: row.itemId ? 'item' : 'shop',
          params: { ...NO_REFS, customer: userId ?? null },
          message: {
            es: `Nuevo mensaje de contacto de ${row.name} en ${shop.name}.`,
            en: `New contact message from ${row.name} at ${shop.name}.`,
            'es-AR': `Nuevo mensaje de contacto de ${row.name} en ${shop.name}.`,
          },
          link: `/me/inbox/${row.id}`,
          eventId: row.id,
        });
      }
      return row;
    });
    return entryOf(entry);
  }

  /**
   * A modest brake per shop and sender (the signed-in user, else the e-mail): perSenderMax entries per window, so a
   * stuck button or a script does not fill an owner's list. The gateway already limits per IP.
   */
  private async refuseFlood(shopId: string, email: string, userId: string | undefined): Promise<void> {
    const since = sql`now() - make_interval(mins => ${ContactLimits.perSenderWindowMinutes})`;
    const sender = userId ? eq(contactEntries.userId, userId) : sql`lower(${contactEntries.email}) = lower(${email})`;
    const [row] = await this.db
      .select({ n: count() })
      .from(contactEntries)
      .where(and(eq(contactEntries.shopId, shopId), gt(contactEntries.createdAt, since), sender));
    if (Number(row?.n ?? 0) >= ContactLimits.perSenderMax) {
      throw new DomainError(
        ContactErrorCodes.tooManyContacts,
        `At most ${ContactLimits.perSenderMax} messages to one shop every ${ContactLimits.perSenderWindowMinutes} minutes`,
        429,
      );
    }
  }

  /** The entries of the owner's shops, newest first; `filter` is found in the name, e-mail or message, in any case. */
  async list(ownerId: string, offset: number, limit: number, filter: string | undefined): Promise<ContactEntryList> {
    const owned = this.db.select({ id: shops.id }).from(shops).where(eq(shops.ownerId, ownerId));
    const where: SQL[] = [inArray(contactEntries.shopId, owned)];
    if (filter) {
      const pattern = containsPattern(filter);
      where.push(or(ilike(contactEntries.name, pattern), ilike(contactEntries.email, pattern), ilike(contactEntries.message, pattern))!);
    }
    const mine = and(...where);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(contactEntries)
        .where(mine)
        .orderBy(desc(contactEntries.createdAt), desc(contactEntries.id))
        .offset(offset)
        .limit(limit),
      this.db.select({ n: count() }).from(contactEntries).where(mine),
    ]);
    return listResponse(rows.map(entryOf), Number(total?.n ?? 0));
  }

  /** One entry of the owner's shops; any other id (unknown, another owner's) is not found. */
  async get(ownerId: string, id: string): Promise<ContactEntry> {
    const [row] = await this.db
      .select({ entry: contactEntries })
      .from(contactEntries)
      .innerJoin(shops, eq(shops.id, contactEntries.shopId))
      .where(and(eq(contactEntries.id, id), eq(shops.ownerId, ownerId)));
    if (!row) throw new NotFoundError('No such contact entry', ContactErrorCodes.contactNotFound);
    return entryOf(row.entry);
  }
}
