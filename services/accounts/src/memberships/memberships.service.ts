import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  MembershipErrorCodes as Codes,
  MembershipEvents,
  MembershipLimits,
  PACKAGES,
  PACKAGE_CURRENCY,
  formatMinorUnits,
  formatRate,
  packageById,
  type Membership,
  type MembershipActivated,
  type MembershipLapsed,
  type MembershipPurchaseRequested,
  type MembershipRenewalDue,
  type MembershipStatus,
  type Package,
  type PackageDefinition,
  type PackagePurchase,
  type Plan,
} from '@vitrina/contracts';
import { DB, DomainError, newId, Outbox, rowsOf, TransactionRunner } from '@vitrina/platform';
import { membershipPurchases, memberships, users } from '../db/schema.js';
import type { AccountsDb, AccountsSchema, AccountsTx, Executor } from '../db/db.js';
import { Clock } from '../shared/clock.js';
import { WALLETS_CONFIG, type WalletsConfig } from '../wallets/wallets-config.js';
import { addDays, addHours, addMonths, periodStart } from './domain/period.js';

type MembershipRow = typeof memberships.$inferSelect;
type PurchaseRow = typeof membershipPurchases.$inferSelect;

/** Rows moved per transaction by the renewal sweep. */
const SWEEP_BATCH = 100;

export function planView(p: PackageDefinition): Plan {
  return {
    id: p.id,
    name: p.name,
    price: formatMinorUnits(p.priceMinor),
    price_minor: p.priceMinor,
    periodicity: 'month',
    plan_commission_rate: formatRate(p.commissionPpm),
    // The platform's margin on the package: half its price (the remainder of an odd amount stays with the platform).
    contribution_margin: formatMinorUnits(Math.floor(p.priceMinor / 2)),
    currency: PACKAGE_CURRENCY,
  };
}

export function packageView(p: PackageDefinition): Package {
  const rate = formatRate(p.commissionPpm);
  return {
    ...planView(p),
    is_out_package: false,
    weight: p.weight,
    package_template: { weight: p.weight, plan_commission_rate: rate },
    apps: [...p.apps],
  };
}

const newToken = () => `mp_${randomBytes(18).toString('base64url')}`;

/**
 * Plans, packages and memberships (issue 16). A purchase writes a pending row with our own payment token and
 * `accounts.membership.purchase_requested` in one transaction; cart-checkout makes the payable under that token, and
 * its `payment.succeeded` (purpose membership) activates the membership through `activate`, once: the purchase goes
 * pending → paid by a guarded UPDATE in the event's inbox transaction. The renewal sweep moves periods that ended into
 * grace with a renewal to pay, and lapses those whose grace ended; every rule reads the injectable Clock.
 */
@Injectable()
export class MembershipsService {
  constructor(
    @Inject(DB) private readonly db: AccountsDb,
    private readonly tx: TransactionRunner<AccountsSchema>,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    @Inject(WALLETS_CONFIG) private readonly wallets: WalletsConfig,
  ) {}

  plans(): Plan[] {
    return PACKAGES.map(planView);
  }

  packages(): Package[] {
    return PACKAGES.map(packageView);
  }

  /** The rate a user's resales earn now (ppm) and the package giving it: active or in grace; else the base rate. */
  async rateOf(userId: string, db: Executor = this.db): Promise<{ packageId: string | null; ppm: number }> {
    const [row] = await db
      .select({ packageId: memberships.packageId, ppm: memberships.commissionPpm })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), inArray(memberships.status, ['active', 'grace'])));
    return row ? { packageId: row.packageId, ppm: row.ppm } : { packageId: null, ppm: this.wallets.commissionPpm };
  }

  /** The membership page's data in one statement: the membership row and the newest payable pending purchase. */
  async membership(userId: string): Promise<Membership> {
    const now = this.clock.now();
    type Row = {
      package_id: string | null;
      status: MembershipStatus | null;
      commission_ppm: number | null;
      period_end: string | Date | null;
      p_package: string | null;
      p_kind: 'purchase' | 'renewal' | null;
      p_token: string | null;
      p_expires: string | Date | null;
    };
    const res = await this.db.execute(sql`select m.package_id, m.status, m.commission_ppm, m.period_end,
        p.package_id as p_package, p.kind as p_kind, p.payment_token as p_token, p.expires_at as p_expires
      from (select 1) as one
      left join ${memberships} m on m.user_id = ${userId}
      left join lateral (
        select package_id, kind, payment_token, expires_at from ${membershipPurchases}
        where user_id = ${userId} and status = 'pending' and expires_at > ${now.toISOString()}::timestamptz
        order by created_at desc limit 1
      ) p on true`);
    const row = rowsOf<Row>(res)[0];
    const pkg = row?.package_id ? packageById(row.package_id) : undefined;
    const status = row?.status ?? 'none';
    const live = status === 'active' || status === 'grace';
    const periodEnd = row?.period_end ? new Date(row.period_end) : null;
    return {
      status,
      package: pkg ? packageView(pkg) : null,
      plan_commission_rate: formatRate(live && row?.commission_ppm != null ? row.commission_ppm : this.wallets.commissionPpm),
      charge_date: live && periodEnd ? periodEnd.toISOString() : null,
      lapses_at: status === 'grace' && periodEnd ? addDays(periodEnd, MembershipLimits.graceDays).toISOString() : null,
      pending:
        row?.p_token && row.p_package && row.p_kind && row.p_expires
          ? {
              package_id: row.p_package as PackagePurchase['package_id'],
              kind: row.p_kind,
              payment_token: row.p_token,
              expires_at: new Date(row.p_expires).toISOString(),
            }
          : null,
    };
  }

  /**
   * `PUT broker-memberships /{me}/package/{packageId}`. Serialised per user by the user row's lock: a package lighter
   * than the active one is refused until its charge date (spec 2 §8), the active one itself too; a pending purchase of
   * the same package with time left answers its token again, any other pending purchase is superseded.
   */
  async purchase(userId: string, packageId: string): Promise<PackagePurchase> {
    const pkg = packageById(packageId);
    if (!pkg) throw new DomainError(Codes.packageNotFound, 'The package does not exist', 404);
    return this.tx.run(async (tx) => {
      const now = this.clock.now();
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      if (!user) throw new DomainError('user_not_found', 'The user does not exist', 404);
      const [current] = await tx.select().from(memberships).where(eq(memberships.userId, userId));
      if (current && current.status === 'active' && current.periodEnd > now) {
        const active = packageById(current.packageId);
        const chargeDate = current.periodEnd.toISOString();
        if (active && active.id === pkg.id) {
          const err = new DomainError(Codes.alreadyActive, `${active.name} is already active until ${chargeDate}`, 409);
          err.details = { charge_date: chargeDate };
          throw err;
        }
        if (active && pkg.weight < active.weight) {
          const err = new DomainError(
            Codes.noDowngrade,
            `Your ${active.name} package is active until ${chargeDate}; you can change to ${pkg.name} after that date`,
            409,
          );
          err.details = { requested_package: { name: pkg.name }, current_package: { name: active.name }, charge_date: chargeDate };
          throw err;
        }
      }
      const [pending] = await tx
        .select()
        .from(membershipPurchases)
        .where(
          and(eq(membershipPurchases.userId, userId), eq(membershipPurchases.kind, 'purchase'), eq(membershipPurchases.status, 'pending')),
        );
      // The same package's token still has an hour to be paid in: the same page again.
      if (pending && pending.packageId === pkg.id && pending.expiresAt.getTime() - now.getTime() > 3_600_000) {
        return { payment_token: pending.paymentToken, package_id: pkg.id, expires_at: pending.expiresAt.toISOString() };
      }
      if (pending) await tx.update(membershipPurchases).set({ status: 'superseded' }).where(eq(membershipPurchases.id, pending.id));
      const row = await this.request(tx, userId, pkg, 'purchase', addHours(now, MembershipLimits.paymentWindowHours), now);
      return { payment_token: row.paymentToken, package_id: pkg.id, expires_at: row.expiresAt.toISOString() };
    });
  }

  /** A pending purchase or renewal and the event that makes its payable. */
  private async request(
    tx: AccountsTx,
    userId: string,
    pkg: PackageDefinition,
    kind: 'purchase' | 'renewal',
    expiresAt: Date,
    now: Date,
  ): Promise<PurchaseRow> {
    const [row] = await tx
      .insert(membershipPurchases)
      .values({
        id: newId(),
        userId,
        packageId: pkg.id,
        kind,
        amountMinor: pkg.priceMinor,
        currency: PACKAGE_CURRENCY,
        paymentToken: newToken(),
        status: 'pending',
        expiresAt,
        createdAt: now,
      })
      .returning();
    await this.outbox.add(tx, {
      type: MembershipEvents.purchaseRequested,
      key: userId,
      actorId: userId,
      data: {
        purchaseId: row.id,
        userId,
        packageId: pkg.id,
        packageName: pkg.name,
        kind,
        amountMinor: pkg.priceMinor,
        currency: PACKAGE_CURRENCY,
        paymentToken: row.paymentToken,
        expiresAt: expiresAt.toISOString(),
      } satisfies MembershipPurchaseRequested,
    });
    return row;
  }

  /**
   * A paid purchase (cart-checkout's `payment.succeeded` for it), inside the event's inbox transaction. The purchase
   * goes to paid once (a duplicate event, or a second payment of the same token, finds it paid and changes nothing);
   * a superseded purchase that was paid anyway still gives what was paid for.
   */
  async activate(tx: AccountsTx, purchaseId: string, paidAt: Date): Promise<boolean> {
    const [purchase] = await tx
      .update(membershipPurchases)
      .set({ status: 'paid', paidAt })
      .where(and(eq(membershipPurchases.id, purchaseId), inArray(membershipPurchases.status, ['pending', 'superseded'])))
      .returning();
    if (!purchase) return false;
    const pkg = packageById(purchase.packageId);
    if (!pkg) return false;
    const [current] = await tx.select().from(memberships).where(eq(memberships.userId, purchase.userId)).for('update');
    const periodEnd = addMonths(periodStart(purchase.kind, paidAt, current ?? null, pkg.id), MembershipLimits.periodMonths);
    const now = this.clock.now();
    const values = {
      packageId: pkg.id,
      status: 'active' as const,
      commissionPpm: pkg.commissionPpm,
      periodEnd,
      lastPurchaseId: purchase.id,
      updatedAt: now,
    };
    await tx
      .insert(memberships)
      .values({ userId: purchase.userId, ...values })
      .onConflictDoUpdate({ target: memberships.userId, set: values });
    // A renewal still waiting for the period just paid is no longer needed.
    await this.supersedeRenewal(tx, purchase.userId);
    await this.outbox.add(tx, {
      type: MembershipEvents.activated,
      key: purchase.userId,
      actorId: purchase.userId,
      data: {
        purchaseId: purchase.id,
        userId: purchase.userId,
        packageId: pkg.id,
        packageName: pkg.name,
        kind: purchase.kind,
        commissionRate: formatRate(pkg.commissionPpm),
        chargeDate: periodEnd.toISOString(),
      } satisfies MembershipActivated,
    });
    return true;
  }

  /**
   * One pass of the renewal schedule: active memberships whose period ended go into grace with a renewal to pay
   * (payable until the grace ends); memberships whose grace ended unpaid lapse. Batches under
   * `FOR UPDATE SKIP LOCKED`, so instances sweeping together move each row once. Answers how many rows moved.
   */
  async sweepOnce(): Promise<{ due: number; lapsed: number }> {
    const due = await this.sweep(
      'active',
      (now) => now,
      (tx, row, now) => this.startGrace(tx, row, now),
    );
    const lapsed = await this.sweep(
      'grace',
      (now) => addDays(now, -MembershipLimits.graceDays),
      (tx, row, now) => this.lapse(tx, row, now),
    );
    return { due, lapsed };
  }

  /** Moves every membership in `status` whose period ended by `endedBy(now)`, a batch per transaction. */
  private async sweep(
    status: 'active' | 'grace',
    endedBy: (now: Date) => Date,
    move: (tx: AccountsTx, row: MembershipRow, now: Date) => Promise<void>,
  ): Promise<number> {
    let total = 0;
    for (;;) {
      const moved = await this.tx.run(async (tx) => {
        const now = this.clock.now();
        const rows = await tx
          .select()
          .from(memberships)
          .where(and(eq(memberships.status, status), lte(memberships.periodEnd, endedBy(now))))
          .orderBy(asc(memberships.periodEnd))
          .limit(SWEEP_BATCH)
          .for('update', { skipLocked: true });
        for (const row of rows) await move(tx, row, now);
        return rows.length;
      });
      total += moved;
      if (moved < SWEEP_BATCH) return total;
    }
  }

  /** A renewal still waiting for its payment is no longer wanted (paid otherwise, started again, lapsed). */
  private async supersedeRenewal(tx: AccountsTx, userId: string): Promise<void> {
    await tx
      .update(membershipPurchases)
      .set({ status: 'superseded' })
      .where(
        and(eq(membershipPurchases.userId, userId), eq(membershipPurchases.kind, 'renewal'), eq(membershipPurchases.status, 'pending')),
      );
  }

  private async startGrace(tx: AccountsTx, row: MembershipRow, now: Date): Promise<void> {
    const pkg = packageById(row.packageId);
    if (!pkg) return;
    const lapsesAt = addDays(row.periodEnd, MembershipLimits.graceDays);
    await tx.update(memberships).set({ status: 'grace', updatedAt: now }).where(eq(memberships.userId, row.userId));
    await this.supersedeRenewal(tx, row.userId);
    const renewal = await this.request(tx, row.userId, pkg, 'renewal', lapsesAt, now);
    await this.outbox.add(tx, {
      type: MembershipEvents.renewalDue,
      key: row.userId,
      data: {
        purchaseId: renewal.id,
        userId: row.userId,
        packageId: pkg.id,
        packageName: pkg.name,
        paymentToken: renewal.paymentToken,
        lapsesAt: lapsesAt.toISOString(),
      } satisfies MembershipRenewalDue,
    });
  }

  private async lapse(tx: AccountsTx, row: MembershipRow, now: Date): Promise<void> {
    const pkg = packageById(row.packageId);
    await tx.update(memberships).set({ status: 'lapsed', updatedAt: now }).where(eq(memberships.userId, row.userId));
    await this.supersedeRenewal(tx, row.userId);
    await this.outbox.add(tx, {
      type: MembershipEvents.lapsed,
      key: row.userId,
      data: {
        userId: row.userId,
        packageId: row.packageId as MembershipLapsed['packageId'],
        packageName: pkg?.name ?? row.packageId,
      } satisfies MembershipLapsed,
    });
  }
}
