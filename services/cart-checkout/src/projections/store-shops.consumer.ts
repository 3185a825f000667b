import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { sql } from 'drizzle-orm';
import { StoreEvents, Topics, type EventEnvelope, type StoreShopCreated } from '@vitrina/contracts';
import { TransactionRunner } from '@vitrina/platform';
import { shops } from '../db/schema.js';

/** Shops (`store.shop` created/updated): carts are keyed by shop and a shop's owner resells dropshipping items. */
@Controller()
export class StoreShopsConsumer {
  constructor(private readonly tx: TransactionRunner) {}

  @EventPattern(Topics.storeShop)
  async onShop(@Payload() event: EventEnvelope<StoreShopCreated>): Promise<void> {
    if (event.type !== StoreEvents.shopCreated && event.type !== StoreEvents.shopUpdated) return;
    const d = event.data;
    if (!d.shopId || !d.ownerId || !d.slug) return;
    const name = d.name ?? d.slug;
    await this.tx.run(async (tx) => {
      // A slug moves with its shop: a shop renamed to a slug another row held frees it there first.
      await tx.delete(shops).where(sql`${shops.slug} = ${d.slug} and ${shops.shopId} <> ${d.shopId}`);
      await tx
        .insert(shops)
        .values({ shopId: d.shopId, slug: d.slug, ownerId: d.ownerId, name })
        .onConflictDoUpdate({ target: shops.shopId, set: { slug: d.slug, ownerId: d.ownerId, name, updatedAt: sql`now()` } });
    });
  }
}
