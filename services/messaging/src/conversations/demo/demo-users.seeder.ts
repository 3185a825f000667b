import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DEMO } from '@vitrina/contracts';
import { DB, type Db } from '@vitrina/platform';
import { MESSAGING_CONFIG, type MessagingConfig } from '../../config/messaging-config.js';
import { users } from '../../db/schema.js';
import type * as schema from '../../db/schema.js';

/**
 * docs/architecture.md §2: messaging seeds its projection of the demo users (libs/contracts/src/demo.ts), as it does
 * the demo shops: accounts announces them only when it first inserts them, so a data directory seeded before messaging
 * kept users would leave the inbox without their names. Fixed ids; an existing row, maybe newer from an event, is
 * kept. Skipped when SEED_DEMO is off and always in production.
 */
@Injectable()
export class DemoUsersSeeder implements OnModuleInit {
  constructor(
    @Inject(DB) private readonly db: Db<typeof schema>,
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!this.config.seedDemo) return;
    await this.db
      .insert(users)
      .values(Object.values(DEMO.users).map(({ id, name, email }) => ({ id, name, email, locale: 'es', updatedAt: new Date(0) })))
      .onConflictDoNothing({ target: users.id });
  }
}
