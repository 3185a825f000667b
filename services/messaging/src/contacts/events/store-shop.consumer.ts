import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { sql } from 'drizzle-orm';
import { StoreEvents, Topics, type EventEnvelope, type StoreShopCreated } from '@vitrina/contracts';
import { BusEventPattern, LOGGER, TransactionRunner, type Logger } from '@vitrina/platform';
import { shops } from '../../db/schema.js';
import type * as schema from '../../db/schema.js';

/** When the snapshot was taken; now for an event without a readable time. */
function occurredAt(event: EventEnvelope): Date {
  const at = Date.parse(event.occurredAt);
  return Number.isFinite(at) ? new Date(at) : new Date();
}

/**
 * `store.shop` created/updated (docs/architecture.md §5): messaging's projection of the shops (id, slug, owner, name),
 * so a contact entry finds its shop by id or slug and its owner reads it, with no call to the store service. Written in
 * the inbox transaction: a redelivered event changes nothing, and an upsert keeps the latest snapshot.
 */
@Controller()
export class ContactShopsConsumer {
  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly tx: TransactionRunner<typeof schema>,
  ) {}

  @BusEventPattern(Topics.storeShop, { types: [StoreEvents.shopCreated, StoreEvents.shopUpdated] })
  async onShop(@Payload() event: EventEnvelope<StoreShopCreated>): Promise<void> {
    if (event.type !== StoreEvents.shopCreated && event.type !== StoreEvents.shopUpdated) return;
    const shop = event.data;
    if (!shop?.shopId || !shop.ownerId || !shop.slug) {
      // retrying cannot mend a malformed event: it is dropped, and said so
      this.logger.warn({ eventId: event.id, type: event.type }, 'store.shop event without shopId, ownerId or slug; ignored');
      return;
    }
    const fields = { slug: shop.slug, ownerId: shop.ownerId, name: shop.name || shop.slug, updatedAt: occurredAt(event) };
    await this.tx.run(async (tx) => {
      await tx
        .insert(shops)
        .values({ id: shop.shopId, ...fields })
        // an older snapshot arriving late does not undo a newer one
        .onConflictDoUpdate({ target: shops.id, set: fields, setWhere: sql`${shops.updatedAt} <= excluded.updated_at` });
    });
  }
}
