import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { ValidationError, type Tx } from '@vitrina/platform';
import { banners, galleryImages } from '../db/schema.js';

/** Image ids a banner may use: gallery images of the shop owner that are not deleted. */
export async function checkOwnImages(tx: Tx, ownerId: string, ids: Array<string | null>): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return;
  const rows = await tx
    .select({ id: galleryImages.id })
    .from(galleryImages)
    .where(
      and(
        inArray(galleryImages.id, wanted),
        eq(galleryImages.ownerId, ownerId),
        isNull(galleryImages.deletedAt),
        isNull(galleryImages.deleteRequestedAt),
      ),
    );
  const found = new Set(rows.map((r) => r.id));
  const fields: Record<string, string[]> = {};
  for (const id of wanted) if (!found.has(id)) fields.image_id = [...(fields.image_id ?? []), `${id} is not one of your images`];
  if (Object.keys(fields).length > 0) throw new ValidationError('Unknown image', fields);
}

/**
 * Marks for deletion the images a deleted banner used, when they are the owner's and no other banner of
 * the shop still uses them. Returns the ids marked (the clean-up job deletes them).
 */
export async function releaseImages(
  tx: Tx,
  shopId: string,
  ownerId: string,
  bannerId: string,
  ids: Array<string | null>,
): Promise<string[]> {
  const candidates = [...new Set(ids.filter((id): id is string => !!id))];
  if (candidates.length === 0) return [];
  const stillUsed = await tx
    .select({ h: banners.hztImageId, v: banners.vrtImageId })
    .from(banners)
    .where(
      and(
        eq(banners.shopId, shopId),
        ne(banners.id, bannerId),
        or(inArray(banners.hztImageId, candidates), inArray(banners.vrtImageId, candidates)),
      ),
    );
  const used = new Set(stillUsed.flatMap((r) => [r.h, r.v]));
  const free = candidates.filter((id) => !used.has(id));
  if (free.length === 0) return [];
  const marked = await tx
    .update(galleryImages)
    .set({ deleteRequestedAt: sql`now()` })
    .where(and(inArray(galleryImages.id, free), eq(galleryImages.ownerId, ownerId), isNull(galleryImages.deletedAt)))
    .returning({ id: galleryImages.id });
  return marked.map((m) => m.id);
}
