import { eq, sql } from 'drizzle-orm';
import type { Tx } from '@vitrina/platform';
import { profiles, suppliers } from '../db/schema.js';
import { normaliseText } from '../shared/normalise.js';

/**
 * Makes the owner of a new item a supplier (dssupplier), named after their profile when the
 * `accounts.user` events told us their name.
 */
export async function ensureSupplier(tx: Tx, ownerId: string): Promise<void> {
  const [profile] = await tx.select({ name: profiles.name, photo: profiles.photo }).from(profiles).where(eq(profiles.id, ownerId)).limit(1);
  const name = profile?.name ?? 'Proveedor';
  await tx
    .insert(suppliers)
    .values({ id: ownerId, name, image: profile?.photo ?? null, searchName: normaliseText(name) })
    .onConflictDoNothing();
}

/** Keeps a supplier's name and image in step with the user's profile. */
export async function renameSupplier(tx: Tx, id: string, name: string, photo: string | null | undefined): Promise<void> {
  await tx
    .update(suppliers)
    .set({
      name,
      searchName: normaliseText(name),
      ...(photo !== undefined ? { image: photo } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(suppliers.id, id));
}
