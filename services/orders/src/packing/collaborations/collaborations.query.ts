import { Inject, Injectable } from '@nestjs/common';
import { OrderLimits, type Collaboration, type CollaborationList } from '@vitrina/contracts';
import { DB, type Db } from '@vitrina/platform';
import { count, eq, max, sql, type SQL } from 'drizzle-orm';
import * as schema from '../../db/schema.js';

type Role = 'supplier' | 'dssupplier';

/**
 * GET /collaborations (spec 3 §7 'Customer API'): the shops in which the user sells, answered from the orders that
 * exist: one entry per shop and role (supplier of the shop's orders, or their dropshipping supplier) with how many
 * orders, the shop with the latest order first. Inviting collaborators into a shop (spec 3 §7 'Collaborators':
 * /collaborators, profiles, refresh) belongs to the onboarding issue; this list only reports where the user sells.
 */
@Injectable()
export class CollaborationsQuery {
  constructor(@Inject(DB) private readonly db: Db<typeof schema>) {}

  async of(userId: string, page: { offset?: number; limit?: number }): Promise<CollaborationList> {
    const o = schema.orders;
    // a user sells in few shops: both roles grouped by shop (each through its per-party index), merged here
    const [supplier, dssupplier] = await Promise.all([
      this.side('supplier', eq(o.supplierId, userId)),
      this.side('dssupplier', eq(o.dssupplierId, userId)),
    ]);
    const all = [...supplier, ...dssupplier].sort(
      (a, b) => b.last.getTime() - a.last.getTime() || a.shop_id.localeCompare(b.shop_id) || a.role.localeCompare(b.role),
    );
    const offset = page.offset ?? 0;
    const limit = page.limit ?? OrderLimits.collaborationsPageSize;
    return {
      results: all.slice(offset, offset + limit).map(({ last: _last, ...c }) => c),
      matches_estimated: all.length,
    };
  }

  private async side(role: Role, whose: SQL): Promise<(Collaboration & { last: Date })[]> {
    const o = schema.orders;
    const rows = await this.db
      .select({
        shopId: o.shopId,
        // the shop's slug and name as its latest order has them
        shopSlug: sql<string>`(array_agg(${o.shopSlug} order by ${o.placedAt} desc))[1]`,
        shopName: sql<string>`(array_agg(${o.shopName} order by ${o.placedAt} desc))[1]`,
        n: count(),
        last: max(o.placedAt),
      })
      .from(o)
      .where(whose)
      .groupBy(o.shopId);
    return rows.map((r) => ({
      shop_id: r.shopId,
      shop_slug: r.shopSlug,
      shop_name: r.shopName,
      role,
      orders_count: r.n,
      last: r.last ?? new Date(0),
    }));
  }
}
