import { Injectable } from '@nestjs/common';
import { and, eq, isNull, like, or } from 'drizzle-orm';
import type { CatalogueItem } from '@vitrina/contracts';
import { ConflictError, Outbox, TransactionRunner, newId, type Tx, databaseError, SqlState } from '@vitrina/platform';
import { items } from '../../../db/schema.js';
import { slugify } from '../../../shared/normalise.js';
import { ensureSupplier } from '../../../suppliers/supplier.repository.js';
import { checkItem } from '../../domain/item.rules.js';
import { toItemJson } from '../../item.mapper.js';
import { itemEvents } from '../../events/item-events.js';
import { findItem, refreshShopItems, searchColumns } from '../../item.repository.js';
import type { CreateItemDto } from '../../http/item.dto.js';
import { EMPTY_DRAFT, applyInput, draftColumns } from '../item-input.js';

export interface CreateItem {
  ownerId: string;
  input: CreateItemDto;
}

/** A supplier creates an item (unpublished unless it says otherwise); publishes `catalogue.item.created`. */
@Injectable()
export class CreateItemHandler {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly outbox: Outbox,
  ) {}

  async execute(cmd: CreateItem): Promise<CatalogueItem> {
    const { draft } = applyInput({ ...EMPTY_DRAFT, type: cmd.input.type, name: cmd.input.name }, cmd.input);
    checkItem(draft);
    // Two creations racing for one slug: the loser retries with the next free suffix.
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.tx.run(async (tx) => {
          await ensureSupplier(tx, cmd.ownerId);
          const slug = await freeSlug(tx, cmd.ownerId, cmd.input.slug ?? slugify(draft.name));
          const id = newId();
          await tx.insert(items).values({ id, ownerId: cmd.ownerId, slug, ...draftColumns(draft), ...searchColumns(draft) });
          const row = (await findItem(tx, id))!;
          // A shop may already list this id (its store.items event came first): fill that row in.
          await refreshShopItems(tx, row);
          await this.outbox.add(tx, { ...itemEvents.created(row), actorId: cmd.ownerId });
          return toItemJson(row);
        });
      } catch (err) {
        if (attempt < 3 && databaseError(err, SqlState.uniqueViolation) && !cmd.input.slug) continue;
        if (databaseError(err, SqlState.uniqueViolation))
          throw new ConflictError('slug_taken', 'Another item of yours already has this slug');
        throw err;
      }
    }
  }
}

/** `base`, or `base-2`, `base-3`... the first one no live item of the owner uses. */
export async function freeSlug(tx: Tx, ownerId: string, base: string, exceptId?: string): Promise<string> {
  const rows = await tx
    .select({ id: items.id, slug: items.slug })
    .from(items)
    .where(and(eq(items.ownerId, ownerId), isNull(items.deletedAt), or(eq(items.slug, base), like(items.slug, `${base}-%`))));
  const taken = new Set(rows.filter((r) => r.id !== exceptId).map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base.slice(0, 74)}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
