import { and, eq, sql } from 'drizzle-orm';
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

/** Keeps a supplier's name and image in step with the user's profile, unless the supplier chose its own. */
export async function renameSupplier(tx: Tx, id: string, name: string, photo: string | null | undefined): Promise<void> {
  await tx
    .update(suppliers)
    .set({
      name,
      searchName: normaliseText(name),
      ...(photo !== undefined ? { image: photo } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(suppliers.id, id), eq(suppliers.customName, false)));
}

/** The supplier as accounts has it (issue 16: opened, renamed, enabled or disabled): its own name and image win. */
export async function upsertSupplier(tx: Tx, id: string, name: string, image: string | null, enabled: boolean): Promise<void> {
  const set = { name, image, enabled, customName: true, searchName: normaliseText(name), updatedAt: sql`now()` };
  await tx
    .insert(suppliers)
    .values({ id, ...set })
    .onConflictDoUpdate({ target: suppliers.id, set });
}
