import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { inArray } from 'drizzle-orm';
import { DEMO, benchPeople } from '@vitrina/contracts';
import { DB, LOGGER, type Logger } from '@vitrina/platform';
import { shops, users } from '../db/schema.js';
import type { AccountsDb } from '../db/db.js';
import { ACCOUNTS_CONFIG, type AccountsConfig } from '../config/accounts-config.js';
import { PasswordHasher } from '../sessions/password-hasher.js';
import { Clock } from '../shared/clock.js';
import { profileSlug } from '../users/domain/contact.js';

type DemoUser = (typeof DEMO.users)[keyof typeof DEMO.users];

/** Levels and keychains that fit each demo role (libs/contracts/src/demo.ts). */
const ROLES: Array<{ user: DemoUser; storeId: string | null; keychain: string[]; isReseller: boolean }> = [
  {
    user: DEMO.users.demoOwner,
    storeId: DEMO.shops.demo.id,
    keychain: ['orders-affinity', 'contact-admin', 'referral'],
    isReseller: false,
  },
  { user: DEMO.users.supplierA, storeId: DEMO.shops.franchise.id, keychain: ['dssupplier-admin', 'contact-admin'], isReseller: false },
  { user: DEMO.users.supplierB, storeId: null, keychain: ['dssupplier-admin'], isReseller: true },
  { user: DEMO.users.reseller, storeId: DEMO.shops.reseller.id, keychain: ['referral', 'contact-admin'], isReseller: true },
  { user: DEMO.users.entrepreneur, storeId: null, keychain: ['referral'], isReseller: true },
  { user: DEMO.users.customer, storeId: null, keychain: [], isReseller: false },
  { user: DEMO.users.otherOwner, storeId: DEMO.shops.other.id, keychain: ['contact-admin'], isReseller: false },
];

const SHOPS = [
  { ...DEMO.shops.demo, ownerId: DEMO.users.demoOwner.id, storeType: 'affinity', name: 'Demo' },
  { ...DEMO.shops.franchise, ownerId: DEMO.users.supplierA.id, storeType: 'franchise', name: 'Franquicia Sol' },
  { ...DEMO.shops.reseller, ownerId: DEMO.users.reseller.id, storeType: 'affiliate', name: 'Rita' },
  { ...DEMO.shops.other, ownerId: DEMO.users.otherOwner.id, storeType: 'others', name: 'Olga' },
];

/**
 * docs/architecture.md §2: the first embedded start seeds the demo world. Accounts seeds its part: the demo users, active,
 * with DEMO.password, and its projection of the demo shops. Idempotent (fixed ids); skipped when SEED_DEMO=false and
 * always in production.
 */
@Injectable()
export class DemoUsersSeeder implements OnModuleInit {
  constructor(
    @Inject(DB) private readonly db: AccountsDb,
    @Inject(ACCOUNTS_CONFIG) private readonly config: AccountsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.seedBenchShoppers();
    if (!this.config.seedDemo) return;
    const ids = ROLES.map((r) => r.user.id);
    const existing = await this.db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
    const now = this.clock.now();
    if (existing.length < ids.length) {
      const passwordHash = await this.hasher.hash(DEMO.password);
      await this.db
        .insert(users)
        .values(
          ROLES.map(({ user, storeId, keychain, isReseller }) => ({
            id: user.id,
            email: user.email,
            fullName: user.name,
            passwordHash,
            status: 'active' as const,
            channel: 'email' as const,
            locale: 'es' as const,
            keychain,
            isReseller,
            storeId,
            slug: profileSlug(user.name, user.id.slice(-6)),
            createdAt: now,
            updatedAt: now,
            activatedAt: now,
            verifiedAt: now,
          })),
        )
        .onConflictDoNothing();
      this.logger.info({ users: ids.length - existing.length }, 'demo users seeded');
    }
    await this.db
      .insert(shops)
      .values(SHOPS.map((s) => ({ id: s.id, slug: s.slug, ownerId: s.ownerId, storeType: s.storeType, name: s.name, updatedAt: now })))
      .onConflictDoNothing();
  }
  /** SEED_BENCH_SHOPPERS: the cart benchmarks' shoppers (bench/run.mjs signs them in, in turn). One hash for all. */
  private async seedBenchShoppers(): Promise<void> {
    const count = this.config.benchShoppers;
    if (count === 0) return;
    // the shoppers, then the benchmark suppliers (the order benchmarks move their orders)
    const people = benchPeople(count);
    const ids = people.map((p) => p.id);
    const existing = await this.db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
    if (existing.length === ids.length) return;
    const passwordHash = await this.hasher.hash(DEMO.password);
    const now = this.clock.now();
    await this.db
      .insert(users)
      .values(
        people.map(({ id, email, name }, i) => ({
          id,
          email,
          fullName: name,
          passwordHash,
          status: 'active' as const,
          channel: 'email' as const,
          locale: 'es' as const,
          // the benchmark suppliers own the benchmark items: they may edit them (bench `item-update-world`)
          keychain: i < count ? [] : ['dssupplier-admin'],
          isReseller: false,
          storeId: null,
          slug: profileSlug(name, id.slice(-6)),
          createdAt: now,
          updatedAt: now,
          activatedAt: now,
          verifiedAt: now,
        })),
      )
      .onConflictDoNothing();
    this.logger.info({ users: ids.length - existing.length }, 'benchmark shoppers and suppliers seeded');
  }
}
