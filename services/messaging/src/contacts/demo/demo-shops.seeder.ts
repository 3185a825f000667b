import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DEMO } from '@vitrina/contracts';
import { DB, type Db } from '@vitrina/platform';
import { MESSAGING_CONFIG, type MessagingConfig } from '../../config/messaging-config.js';
import { shops } from '../../db/schema.js';
import type * as schema from '../../db/schema.js';

/** The demo shops and their owners (libs/contracts/src/demo.ts), as the store seeds them. */
const DEMO_SHOPS = [
  { ...DEMO.shops.demo, ownerId: DEMO.users.demoOwner.id, name: 'Bazar de Daniela' },
  { ...DEMO.shops.franchise, ownerId: DEMO.users.supplierA.id, name: 'Franquicia Artesanías del Sol' },
  { ...DEMO.shops.reseller, ownerId: DEMO.users.reseller.id, name: 'Rita Reventa' },
  { ...DEMO.shops.other, ownerId: DEMO.users.otherOwner.id, name: 'Café de Olga' },
];

/**
 * docs/architecture.md §2: each service seeds its part of the demo world. The store announces its demo shops only when
 * it first inserts them, so a data directory seeded before messaging consumed `store.shop` would leave the contact
 * modal of `/tienda/demo` without its shop: messaging seeds its projection of them too (fixed ids; an existing row,
 * maybe newer from an event, is kept). Skipped when SEED_DEMO is off and always in production.
 */
@Injectable()
export class ContactDemoShopsSeeder implements OnModuleInit {
  constructor(
    @Inject(DB) private readonly db: Db<typeof schema>,
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!this.config.seedDemo) return;
    await this.db
      .insert(shops)
      .values(DEMO_SHOPS.map(({ id, slug, ownerId, name }) => ({ id, slug, ownerId, name, updatedAt: new Date(0) })))
      .onConflictDoNothing({ target: shops.id });
  }
}
