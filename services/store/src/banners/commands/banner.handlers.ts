import { Injectable } from '@nestjs/common';
import { and, count, eq, max, sql } from 'drizzle-orm';
import { StoreEvents, StoreLimits, type StoreBanner, type StoreShopBannerChanged, type StoreShopBannerDeleted } from '@vitrina/contracts';
import { NotFoundError, Outbox, TransactionRunner, ValidationError, newId } from '@vitrina/platform';
import { banners } from '../../db/schema.js';
import { GalleryCleanup } from '../../gallery/jobs/gallery-cleanup.job.js';
import { shopOfOwner } from '../../shops/shop.repository.js';
import { checkOwnImages, releaseImages } from '../banner.repository.js';
import { NEW_BANNER, checkBanner, inferActionType, type BannerDraft } from '../domain/banner.rules.js';
import { toBannerJson, type BannerRow } from '../banner.mapper.js';
import type { BannerDto } from '../http/banner.dto.js';

function draftOf(row: BannerRow): BannerDraft {
  return {
    hztImage: row.hztImage,
    hztImageId: row.hztImageId,
    vrtImage: row.vrtImage,
    vrtImageId: row.vrtImageId,
    product: row.product,
    supplier: row.supplier,
    url: row.url,
    urlTarget: row.urlTarget,
    target: row.target as BannerDraft['target'],
    actionType: row.actionType as BannerDraft['actionType'],
  };
}

function apply(base: BannerDraft, dto: BannerDto): BannerDraft {
  const d: BannerDraft = {
    ...base,
    ...(dto.hzt_image !== undefined ? { hztImage: dto.hzt_image } : {}),
    ...(dto.hzt_image_id !== undefined ? { hztImageId: dto.hzt_image_id } : {}),
    ...(dto.vrt_image !== undefined ? { vrtImage: dto.vrt_image } : {}),
    ...(dto.vrt_image_id !== undefined ? { vrtImageId: dto.vrt_image_id } : {}),
    ...(dto.product !== undefined ? { product: dto.product } : {}),
    ...(dto.supplier !== undefined ? { supplier: dto.supplier } : {}),
    ...(dto.url !== undefined ? { url: dto.url } : {}),
    ...(dto.url_target !== undefined ? { urlTarget: dto.url_target } : {}),
    ...(dto.target !== undefined ? { target: dto.target } : {}),
    ...(dto.action_type !== undefined ? { actionType: dto.action_type } : {}),
  };
  if (dto.action_type === undefined && (dto.product !== undefined || dto.url !== undefined)) d.actionType = inferActionType(d);
  return d;
}

function columns(d: BannerDraft) {
  return {
    hztImage: d.hztImage,
    hztImageId: d.hztImageId,
    vrtImage: d.vrtImage,
    vrtImageId: d.vrtImageId,
    product: d.product,
    supplier: d.supplier,
    url: d.url,
    urlTarget: d.urlTarget,
    target: d.target,
    actionType: d.actionType,
  };
}

/**
 * Banners of the owner's shop (spec 1 §7 'Banner create / update / delete'; issue 5). Each write is one
 * transaction with its `store.shop.banner-*` event. Deleting a banner marks the images only it used for
 * deletion in the same transaction; the gallery clean-up job deletes them afterwards, with retries.
 */
@Injectable()
export class BannerHandlers {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly outbox: Outbox,
    private readonly cleanup: GalleryCleanup,
  ) {}

  async create(ownerId: string, dto: BannerDto): Promise<StoreBanner> {
    const draft = apply(NEW_BANNER, dto);
    if (dto.action_type === undefined) draft.actionType = inferActionType(draft);
    return this.tx.run(async (tx) => {
      const shop = await shopOfOwner(tx, ownerId, { forUpdate: true });
      checkBanner(draft, shop.columns);
      await checkOwnImages(tx, ownerId, [draft.hztImageId, draft.vrtImageId]);
      const [stats] = await tx
        .select({ n: count(), last: max(banners.position) })
        .from(banners)
        .where(eq(banners.shopId, shop.id));
      if (Number(stats?.n ?? 0) >= StoreLimits.bannersPerShopMax) {
        throw new ValidationError(`A shop has at most ${StoreLimits.bannersPerShopMax} banners`, { banners: ['too many banners'] });
      }
      const [row] = await tx
        .insert(banners)
        .values({ id: newId(), shopId: shop.id, position: Number(stats?.last ?? 0) + 1, ...columns(draft) })
        .returning();
      await this.outbox.add(tx, {
        type: StoreEvents.bannerCreated,
        key: shop.id,
        shopId: shop.id,
        actorId: ownerId,
        data: { shopId: shop.id, bannerId: row.id } satisfies StoreShopBannerChanged,
      });
      return toBannerJson(row);
    });
  }

  async update(ownerId: string, bannerId: string, dto: BannerDto): Promise<StoreBanner> {
    return this.tx.run(async (tx) => {
      const shop = await shopOfOwner(tx, ownerId);
      const [current] = await tx
        .select()
        .from(banners)
        .where(and(eq(banners.id, bannerId), eq(banners.shopId, shop.id)))
        .for('update')
        .limit(1);
      if (!current) throw new NotFoundError('Banner not found');
      const draft = apply(draftOf(current), dto);
      checkBanner(draft, shop.columns);
      await checkOwnImages(tx, ownerId, [
        draft.hztImageId !== current.hztImageId ? draft.hztImageId : null,
        draft.vrtImageId !== current.vrtImageId ? draft.vrtImageId : null,
      ]);
      const [row] = await tx
        .update(banners)
        .set({ ...columns(draft), updatedAt: sql`now()` })
        .where(eq(banners.id, current.id))
        .returning();
      await this.outbox.add(tx, {
        type: StoreEvents.bannerUpdated,
        key: shop.id,
        shopId: shop.id,
        actorId: ownerId,
        data: { shopId: shop.id, bannerId: current.id } satisfies StoreShopBannerChanged,
      });
      return toBannerJson(row);
    });
  }

  async delete(ownerId: string, bannerId: string): Promise<void> {
    const released = await this.tx.run(async (tx) => {
      const shop = await shopOfOwner(tx, ownerId);
      const [row] = await tx
        .delete(banners)
        .where(and(eq(banners.id, bannerId), eq(banners.shopId, shop.id)))
        .returning();
      if (!row) throw new NotFoundError('Banner not found');
      const imageIds = await releaseImages(tx, shop.id, ownerId, row.id, [row.hztImageId, row.vrtImageId]);
      await this.outbox.add(tx, {
        type: StoreEvents.bannerDeleted,
        key: shop.id,
        shopId: shop.id,
        actorId: ownerId,
        data: { shopId: shop.id, bannerId: row.id, imageIds } satisfies StoreShopBannerDeleted,
      });
      return imageIds;
    });
    // After the commit: the images are marked, so a failure to queue here is caught up at the next start.
    await this.cleanup.schedule(released);
  }
}
