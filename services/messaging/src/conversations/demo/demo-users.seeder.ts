import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DEMO, benchPeople } from '@vitrina/contracts';
import { DB, type Db } from '@vitrina/platform';
import { MESSAGING_CONFIG, type MessagingConfig } from '../../config/messaging-config.js';
import { users } from '../../db/schema.js';
import type * as schema from '../../db/schema.js';

/**
 * docs/architecture.md §2: messaging seeds its projection of the demo users (libs/contracts/src/demo.ts), as it does
 * the demo shops: accounts announces them only when it first inserts them, so a data directory seeded before messaging
 * kept users would leave the inbox without their names. Fixed ids; an existing row, maybe newer from an event, is
 * kept. Skipped when SEED_DEMO is off and always in production. SEED_BENCH_SHOPPERS adds the benchmark shoppers and
 * suppliers (`benchPeople`, as accounts seeds them), so the inbox benchmarks write between known users.
 */
@Injectable()
export class DemoUsersSeeder implements OnModuleInit {
  constructor(
    @Inject(DB) private readonly db: Db<typeof schema>,
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    const people = [
      ...(this.config.seedDemo ? Object.values(DEMO.users) : []),
      ...(this.config.benchShoppers > 0 ? benchPeople(this.config.benchShoppers) : []),
    ];
    for (let i = 0; i < people.length; i += 1000) {
      await this.db
        .insert(users)
        .values(people.slice(i, i + 1000).map(({ id, name, email }) => ({ id, name, email, locale: 'es', updatedAt: new Date(0) })))
        .onConflictDoNothing({ target: users.id });
    }
  }
}
