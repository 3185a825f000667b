import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { DB } from '@vitrina/platform';
import { shops } from '../db/schema.js';
import type { AccountsDb, Executor } from '../db/db.js';
import type { OwnedShop } from '../users/domain/profile.js';

/** Reads of the `store.shop` projection (written by StoreShopConsumer). */
@Injectable()
export class ShopsRepository {
  constructor(@Inject(DB) readonly db: AccountsDb) {}

  /** The shop with this id, as far as the store service's events told us; null for none or no id. */
  async owned(storeId: string | null, ex: Executor = this.db): Promise<OwnedShop | null> {
    if (!storeId) return null;
    const [row] = await ex.select({ slug: shops.slug, name: shops.name }).from(shops).where(eq(shops.id, storeId)).limit(1);
    return row ?? null;
  }
}
