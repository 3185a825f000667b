import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AFFILIATE_PARAMS,
  StoreEvents,
  StoreLimits,
  type StoreBannerList,
  type StoreHeaderList,
  type Shop,
  type StoreShopVisited,
} from '@vitrina/contracts';
import { DB, Outbox, TransactionRunner, listResponse, type AuthUser, type Db, withCompiledRows } from '@vitrina/platform';
import { banners, headers, shops } from '../../db/schema.js';
import { toBannerJson } from '../../banners/banner.mapper.js';
import { toHeaderJson } from '../../headers/header.mapper.js';
import { isUuid } from '../../shared/text.js';
import { visibleTargets } from '../../shared/viewer.js';
import { STORE_CONFIG, type StoreConfig } from '../../shared/config.js';
import { ShopHomeCache, type ShopHome } from '../shop-home-cache.js';
import { toShopJson, toUserInfo } from '../shop.mapper.js';
import { findShop, shopBanners, shopHeaders, shopNotFound, type ShopRow } from '../shop.repository.js';

export type AffiliateParams = Partial<Record<(typeof AFFILIATE_PARAMS)[number], string>>;

/**
 * Loads a shop for the storefront (spec 1 §7 'Load shop'): by slug, by host or by id, with its root
 * affinity store and the banners and headers the viewer's level may see. Affiliate parameters on the load
 * are recorded as a `store.shop.visited` event (marketing turns it into a referral visit).
 */
@Injectable()
export class LoadShopQuery {
  /** Built shop homes by shop and visibility level (shop-home-cache.ts). */
  readonly homes: ShopHomeCache;
  /** The shop home's first read, prepared: the shop row and its root affinity store's content version. */
  private readonly homeBySlug;

  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly tx: TransactionRunner,
    private readonly outbox: Outbox,
    @Inject(STORE_CONFIG) private readonly config: StoreConfig,
  ) {
    this.homes = new ShopHomeCache(config.shopHomeCacheEntries);
    this.homeBySlug = withCompiledRows(this.homeRow(eq(shops.slug, sql.placeholder('slug'))).prepare('store_shop_home_by_slug'));
  }

  async bySlug(slug: string, viewer?: AuthUser, params: AffiliateParams = {}): Promise<Shop> {
    const [shop] = await this.homeBySlug.execute({ slug });
    if (!shop) throw shopNotFound();
    await this.recordVisit(shop, viewer, params, null);
    return this.assemble(shop, viewer);
  }

  async byHost(rawHost: string, viewer?: AuthUser, params: AffiliateParams = {}): Promise<Shop> {
    const host = normaliseHost(rawHost);
    const [shop] = host ? await this.homeRow(eq(shops.host, host)) : [];
    if (!shop) throw shopNotFound();
    await this.recordVisit(shop, viewer, params, host ?? null);
    return this.assemble(shop, viewer);
  }

  /** A shop by id or slug (no visit recorded). */
  async byRef(ref: string, viewer?: AuthUser): Promise<Shop> {
    const [shop] = await this.homeRow(isUuid(ref) ? or(eq(shops.id, ref), eq(shops.slug, ref))! : eq(shops.slug, ref));
    if (!shop) throw shopNotFound();
    return this.assemble(shop, viewer);
  }

  /** The shop row with its root affinity store's content version (null without one), in one statement. */
  private homeRow(where: SQL) {
    const root = alias(shops, 'root');
    return this.db
      .select({ ...getTableColumns(shops), rootVersion: root.contentVersion })
      .from(shops)
      .leftJoin(root, eq(root.id, shops.rootAffinityStoreId))
      .where(where)
      .limit(1);
  }

  async resolve(ref: string): Promise<ShopRow> {
    const shop = await findShop(this.db, isUuid(ref) ? or(eq(shops.id, ref), eq(shops.slug, ref))! : eq(shops.slug, ref));
    if (!shop) throw shopNotFound();
    return shop;
  }

  /** The banners a viewer may see (spec 1 §7 'Banners list': offset 0, limit 10). */
  async banners(ref: string, viewer: AuthUser | undefined, page: { offset: number; limit: number }): Promise<StoreBannerList> {
    const shop = await this.resolve(ref);
    const targets = visibleTargets(viewer);
    const rows = await shopBanners(this.db, shop.id, targets, page);
    const [total] = await this.db
      .select({ n: count() })
      .from(banners)
      .where(and(eq(banners.shopId, shop.id), inArray(banners.target, targets)));
    return listResponse(rows.map(toBannerJson), Number(total?.n ?? 0));
  }

  async headers(ref: string, viewer: AuthUser | undefined, page: { offset: number; limit: number }): Promise<StoreHeaderList> {
    const shop = await this.resolve(ref);
    const targets = visibleTargets(viewer);
    const rows = await shopHeaders(this.db, shop.id, targets, page);
    const [total] = await this.db
      .select({ n: count() })
      .from(headers)
      .where(and(eq(headers.shopId, shop.id), inArray(headers.target, targets)));
    return listResponse(rows.map(toHeaderJson), Number(total?.n ?? 0));
  }

  /** The owner's admin read of their shop: every banner and header, whatever its target. */
  async ownerView(shop: ShopRow, viewer?: AuthUser): Promise<Shop> {
    const [root, bannerRows, headerRows] = await Promise.all([
      shop.rootAffinityStoreId ? findShop(this.db, eq(shops.id, shop.rootAffinityStoreId)) : Promise.resolve(undefined),
      shopBanners(this.db, shop.id),
      shopHeaders(this.db, shop.id),
    ]);
    return toShopJson(shop, {
      root,
      banners: bannerRows,
      headers: headerRows,
      supplierCard: this.supplierCard(shop),
      ...(viewer ? { viewer } : {}),
    });
  }

  /** spec 2 §2: the platform's supplier-recruitment shops show the 'Proveedor' card (SUPPLIER_CARD_SHOPS). */
  private supplierCard(shop: ShopRow): boolean {
    return this.config.supplierCardShops.includes(shop.slug.toLowerCase());
  }

  /**
   * The shop home for a viewer: what every viewer of its level sees comes from the cache while the shop's and its root's
   * content versions are the ones it was built at; only `user_info` is the viewer's own. A home is built from reads
   * made after the shop row, so it is at least as new as the version it is stored under.
   */
  private async assemble(shop: ShopRow & { rootVersion: number | null }, viewer?: AuthUser): Promise<Shop> {
    const targets = visibleTargets(viewer);
    const key = `${shop.id}|${targets.join(',')}`;
    const version = `${shop.contentVersion}|${shop.rootVersion ?? ''}`;
    let home = this.homes.get(key, version);
    if (!home) {
      const page = { offset: 0, limit: StoreLimits.bannersPageSize };
      const [root, bannerRows, headerRows] = await Promise.all([
        shop.rootAffinityStoreId ? findShop(this.db, eq(shops.id, shop.rootAffinityStoreId)) : Promise.resolve(undefined),
        shopBanners(this.db, shop.id, targets, page),
        shopHeaders(this.db, shop.id, targets, page),
      ]);
      const { user_info: _viewerOwn, ...built } = toShopJson(shop, {
        root,
        banners: bannerRows,
        headers: headerRows,
        supplierCard: this.supplierCard(shop),
      });
      home = built satisfies ShopHome;
      this.homes.set(key, version, home);
    }
    return { ...home, user_info: toUserInfo(shop.ownerId, viewer) };
  }

  private async recordVisit(shop: ShopRow, viewer: AuthUser | undefined, params: AffiliateParams, host: string | null): Promise<void> {
    const present = Object.fromEntries(AFFILIATE_PARAMS.flatMap((k) => (params[k] ? [[k, params[k]]] : []))) as StoreShopVisited['params'];
    if (Object.keys(present).length === 0) return;
    const data: StoreShopVisited = {
      shopId: shop.id,
      ownerId: shop.ownerId,
      slug: shop.slug,
      params: present,
      host,
      ...(viewer ? { visitorId: viewer.id } : {}),
    };
    await this.tx.run((tx) =>
      this.outbox.add(tx, {
        type: StoreEvents.shopVisited,
        key: shop.id,
        shopId: shop.id,
        data,
        ...(viewer ? { actorId: viewer.id } : {}),
      }),
    );
  }
}

/** `Tienda.Example.com:443` -> `tienda.example.com`; undefined when it is not a host name. */
export function normaliseHost(raw: string): string | undefined {
  const host = raw.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(host) && host.length <= 253 ? host : undefined;
}
