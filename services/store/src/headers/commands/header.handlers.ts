import { Injectable } from '@nestjs/common';
import { and, count, eq, max, sql } from 'drizzle-orm';
import { StoreEvents, StoreLimits, type StoreHeader, type StoreShopHeaderChanged } from '@vitrina/contracts';
import { NotFoundError, Outbox, TransactionRunner, ValidationError, newId } from '@vitrina/platform';
import { headers } from '../../db/schema.js';
import { shopOfOwner } from '../../shops/shop.repository.js';
import { NEW_HEADER, checkHeader, type HeaderDraft } from '../domain/header.rules.js';
import { toHeaderJson, type HeaderRow } from '../header.mapper.js';
import type { HeaderDto } from '../http/header.dto.js';

function draftOf(row: HeaderRow): HeaderDraft {
  return {
    title: row.title,
    subtitle: row.subtitle,
    description: row.description,
    target: row.target as HeaderDraft['target'],
    actionType: row.actionType as HeaderDraft['actionType'],
    url: row.url,
    product: row.product,
    productSupplier: row.productSupplier,
    buttonLabel: row.buttonLabel as HeaderDraft['buttonLabel'],
    initialColor: row.initialColor,
    finalColor: row.finalColor,
  };
}

function apply(base: HeaderDraft, dto: HeaderDto): HeaderDraft {
  return {
    ...base,
    ...(dto.title !== undefined ? { title: dto.title } : {}),
    ...(dto.subtitle !== undefined ? { subtitle: dto.subtitle } : {}),
    ...(dto.description !== undefined ? { description: dto.description } : {}),
    ...(dto.target !== undefined ? { target: dto.target } : {}),
    ...(dto.action_type !== undefined ? { actionType: dto.action_type } : {}),
    ...(dto.url !== undefined ? { url: dto.url } : {}),
    ...(dto.product !== undefined ? { product: dto.product } : {}),
    ...(dto.product_supplier !== undefined ? { productSupplier: dto.product_supplier } : {}),
    ...(dto.button_label !== undefined ? { buttonLabel: dto.button_label } : {}),
    ...(dto.initial_color !== undefined ? { initialColor: dto.initial_color } : {}),
    ...(dto.final_color !== undefined ? { finalColor: dto.final_color } : {}),
  };
}

function columns(d: HeaderDraft) {
  return {
    title: d.title,
    subtitle: d.subtitle,
    description: d.description,
    target: d.target,
    actionType: d.actionType,
    url: d.url,
    product: d.product,
    productSupplier: d.productSupplier,
    buttonLabel: d.buttonLabel,
    initialColor: d.initialColor,
    finalColor: d.finalColor,
  };
}

/** Header blocks of the owner's shop (spec 1 §7 'Headers'; issue 5), each write with its `store.shop.header-*` event. */
@Injectable()
export class HeaderHandlers {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly outbox: Outbox,
  ) {}

  async create(ownerId: string, dto: HeaderDto): Promise<StoreHeader> {
    const draft = apply(NEW_HEADER, dto);
    checkHeader(draft);
    return this.tx.run(async (tx) => {
      const shop = await shopOfOwner(tx, ownerId, { forUpdate: true });
      const [stats] = await tx
        .select({ n: count(), last: max(headers.position) })
        .from(headers)
        .where(eq(headers.shopId, shop.id));
      if (Number(stats?.n ?? 0) >= StoreLimits.headersPerShopMax) {
        throw new ValidationError(`A shop has at most ${StoreLimits.headersPerShopMax} headers`, { headers: ['too many headers'] });
      }
      const [row] = await tx
        .insert(headers)
        .values({ id: newId(), shopId: shop.id, position: Number(stats?.last ?? 0) + 1, ...columns(draft) })
        .returning();
      await this.event(tx, StoreEvents.headerCreated, shop.id, row.id, ownerId);
      return toHeaderJson(row);
    });
  }

  async update(ownerId: string, headerId: string, dto: HeaderDto): Promise<StoreHeader> {
    return this.tx.run(async (tx) => {
      const shop = await shopOfOwner(tx, ownerId);
      const [current] = await tx
        .select()
        .from(headers)
        .where(and(eq(headers.id, headerId), eq(headers.shopId, shop.id)))
        .for('update')
        .limit(1);
      if (!current) throw new NotFoundError('Header not found');
      const draft = apply(draftOf(current), dto);
      checkHeader(draft);
      const [row] = await tx
        .update(headers)
        .set({ ...columns(draft), updatedAt: sql`now()` })
        .where(eq(headers.id, current.id))
        .returning();
      await this.event(tx, StoreEvents.headerUpdated, shop.id, current.id, ownerId);
      return toHeaderJson(row);
    });
  }

  async delete(ownerId: string, headerId: string): Promise<void> {
    await this.tx.run(async (tx) => {
      const shop = await shopOfOwner(tx, ownerId);
      const [row] = await tx
        .delete(headers)
        .where(and(eq(headers.id, headerId), eq(headers.shopId, shop.id)))
        .returning({ id: headers.id });
      if (!row) throw new NotFoundError('Header not found');
      await this.event(tx, StoreEvents.headerDeleted, shop.id, row.id, ownerId);
    });
  }

  private event(
    tx: Parameters<Parameters<TransactionRunner['run']>[0]>[0],
    type: string,
    shopId: string,
    headerId: string,
    actorId: string,
  ) {
    return this.outbox.add(tx, { type, key: shopId, shopId, actorId, data: { shopId, headerId } satisfies StoreShopHeaderChanged });
  }
}
