import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { eq } from 'drizzle-orm';
import { AccountsEvents, StoreEvents, Topics, type EventEnvelope, type StoreShopCreated, type UserLevelChanged } from '@vitrina/contracts';
import { LOGGER, Outbox, TransactionRunner, type Logger } from '@vitrina/platform';
import { shops, users } from '../../db/schema.js';
import type { AccountsTx, UserRow, AccountsSchema } from '../../db/db.js';
import { Clock } from '../../shared/clock.js';
import { levelOf } from '../../users/domain/profile.js';
import { UsersRepository } from '../../users/users.repository.js';

/**
 * The shop's sign-up variant, when the event carries one (`signupForm`: 'complete' | 'basic', null for none).
 * undefined: the event says nothing (older publishers), so the stored setting is left as it is.
 */
export function signupFormOf(shop: StoreShopCreated): 'complete' | 'basic' | 'none' | undefined {
  const value = (shop as StoreShopCreated & { signupForm?: unknown }).signupForm;
  if (value === 'complete' || value === 'basic') return value;
  if (value === null || value === 'none' || value === '') return 'none';
  return undefined;
}

/** APIs a shop owner gains with a shop (docs/architecture.md §3 keychain; spec 2 §6 account type). */
export function keychainWithShop(keychain: readonly string[], storeType: StoreShopCreated['storeType']): string[] {
  const add = [
    'contact-admin',
    ...(storeType === 'affinity' ? ['orders-affinity'] : storeType === 'franchise' ? ['dssupplier-admin'] : []),
  ];
  return [...new Set([...keychain, ...add])];
}

/**
 * Keeps the projection of `store.shop` events: which shops exist (a registration's `store` slug must name one to
 * skip the PIN), and the owner's `store_id` (spec 2 §4: level 2) and keychain. A level change is published as
 * `accounts.user.level-changed` in the same transaction as the inbox row.
 */
@Controller()
export class StoreShopConsumer {
  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly tx: TransactionRunner<AccountsSchema>,
    private readonly users: UsersRepository,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {}

  @EventPattern(Topics.storeShop)
  async onShop(@Payload() event: EventEnvelope<StoreShopCreated>): Promise<void> {
    if (event.type !== StoreEvents.shopCreated && event.type !== StoreEvents.shopUpdated) return;
    const shop = event.data;
    if (!shop?.shopId || !shop.ownerId || !shop.slug) {
      this.logger.warn({ eventId: event.id, type: event.type }, 'store.shop event without shopId, ownerId or slug; ignored');
      return;
    }
    const signupForm = signupFormOf(shop);
    await this.tx.run(async (tx) => {
      const now = this.clock.now();
      const fields = {
        ownerId: shop.ownerId,
        slug: shop.slug,
        storeType: shop.storeType,
        name: shop.name ?? shop.slug,
        updatedAt: now,
        ...(signupForm !== undefined ? { signupForm } : {}),
      };
      await tx
        .insert(shops)
        .values({ id: shop.shopId, ...fields })
        .onConflictDoUpdate({ target: shops.id, set: fields });
      if (event.type === StoreEvents.shopCreated) await this.giveStore(tx, shop);
    });
  }

  private async giveStore(tx: AccountsTx, shop: StoreShopCreated): Promise<void> {
    const owner = await this.users.byId(shop.ownerId, tx, { forUpdate: true });
    if (!owner) {
      this.logger.warn({ shopId: shop.shopId, ownerId: shop.ownerId }, 'shop created for an unknown user');
      return;
    }
    const keychain = keychainWithShop(owner.keychain, shop.storeType);
    const storeId = owner.storeId ?? shop.shopId; // the first shop is the user's store
    if (storeId === owner.storeId && keychain.length === owner.keychain.length) return;
    const [updated] = (await tx
      .update(users)
      .set({ storeId, keychain, updatedAt: this.clock.now() })
      .where(eq(users.id, owner.id))
      .returning()) as [UserRow];
    const data: UserLevelChanged = {
      userId: owner.id,
      level: levelOf(updated),
      previousLevel: levelOf(owner),
      keychain,
      storeId: updated.storeId,
    };
    await this.outbox.add(tx, { type: AccountsEvents.levelChanged, key: owner.id, data });
  }
}
