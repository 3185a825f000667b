import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  CatalogueCatalogueEvents,
  CatalogueErrorCodes,
  ErrorCodes,
  type CatalogueCatalogueChanged,
  type Catalogue,
  type CatalogueProductsResult,
} from '@vitrina/contracts';
import {
  ConflictError,
  DomainError,
  NotFoundError,
  Outbox,
  TransactionRunner,
  ValidationError,
  newId,
  noteOutboxWrite,
  PreparedQuery,
  PreparedSql,
  type Tx,
  databaseError,
  SqlState,
} from '@vitrina/platform';
import { catalogueProducts, catalogues, items, outbox, shops } from '../../db/schema.js';
import { shopOfOwner } from '../../listings/shop.repository.js';
import { CATALOGUE_CONFIG, type CatalogueConfig } from '../../shared/config.js';
import { normaliseText, prefixTsQuery, wordlessText, slugify } from '../../shared/normalise.js';
import { isUuid } from '../../shared/viewer.js';
import { toCatalogueJson, type CatalogueRow } from '../catalogue.mapper.js';
import {
  catalogueSet,
  keysAtEnd,
  lastCatalogueKey,
  lastProductKey,
  productSet,
  SHOWN_CATALOGUE,
  type StoredCatalogue,
} from '../catalogue.order.js';
import { checkCatalogueName, updatingPositionError } from '../domain/catalogue.rules.js';
import { place } from '../domain/order-keys.js';
import type {
  AddFilteredDto,
  CatalogueOriginDto,
  CloneCatalogueDto,
  CreateCatalogueDto,
  MoveProductDto,
  UpdateCatalogueDto,
} from '../http/catalogue-write.dto.js';

/** How long a write waits for the owner's positions (another move) before answering `updating_position_error`. */
const LOCK_TIMEOUT = '5s';
const MAX_ITEMS_PER_WRITE = 1000;
/**
 * The owner's positions lock, with its bounded wait, in one round trip: the subquery (volatile, so never flattened)
 * sets the timeout before the lock is asked for.
 */
const POSITIONS_LOCK = new PreparedSql<{ lock: string }>(
  () => sql`select pg_advisory_xact_lock(hashtextextended(${sql.placeholder('lock')}::text, 0))
    from (select set_config('lock_timeout', ${LOCK_TIMEOUT}, true)) t`,
);

/**
 * Catalogue writes (spec 1 §7; issue 5): create, update, delete, move, products add_filtered / remove /
 * move, clone. Each is one transaction with its `catalogue.catalogue.*` event (keyed by the owner, carrying
 * the owner's catalogue count for the store's sections_info).
 *
 * Positions (issue 18): catalogues and products are ordered by gapped keys (`domain/order-keys.ts`); a move
 * writes the moved row's key only (and, for catalogues, turns the few explicit weights into order-following
 * ones), so no write renumbers the owner's other rows; `position` (1..n) and order-following weights (n..1) are
 * computed in the reads. Every write that changes an owner's catalogue set or order first takes a
 * transaction-scoped advisory lock per owner, so concurrent moves serialise and always leave a consistent order.
 * Product writes of one catalogue lock the catalogue row.
 */
@Injectable()
export class CatalogueHandlers {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly outbox: Outbox,
    @Inject(CATALOGUE_CONFIG) private readonly config: CatalogueConfig,
  ) {}

  async create(ownerId: string, dto: CreateCatalogueDto): Promise<Catalogue> {
    if (hasOrigin(dto)) return (await this.clone(ownerId, 'new', dto)).catalogue;
    const name = checkCatalogueName(dto.name);
    // Five round trips (it was twelve): BEGIN, the owner's lock, what the create needs to know in one read, the
    // catalogue and its event in one statement, COMMIT. It goes last, so its position and weight are known.
    return this.positions(ownerId, async (tx) => {
      const base = slugify(name, 60);
      const known = await createContext(tx, ownerId, base);
      const [sortKey] = await keysAtEnd(catalogueSet(tx, ownerId), known.last, 1);
      const slug = known.slugUsed ? await uniqueSlug(tx, ownerId, base) : base;
      const values = {
        id: newId(),
        ownerId,
        name,
        slug,
        photo: dto.photo ?? null,
        sortKey,
        weight: dto.weight ?? (known.explicit ? 0 : null),
        ...(dto.state !== undefined ? { state: dto.state } : {}),
        originId: null,
        originSlug: null,
        searchName: normaliseText(name),
      };
      const data: CatalogueCatalogueChanged = {
        catalogueId: values.id,
        ownerId,
        slug,
        name,
        numProducts: 0,
        ownerCatalogues: known.count + 1,
      };
      const [event] = this.outbox.rows([{ type: CatalogueCatalogueEvents.created, key: ownerId, actorId: ownerId, data }]);
      const [row] = await INSERT_CREATED.execute(tx, {
        ...values,
        state: values.state ?? DEFAULT_STATE,
        eventId: event.id,
        topic: event.topic,
        key: event.key,
        envelope: event.envelope,
      });
      noteOutboxWrite(tx);
      // Last of n + 1: order-following, it is shown with weight 1 (the catalogues from it on, less explicit ones).
      return toCatalogueJson({ ...row, position: known.count + 1, weight: row.weight ?? 1 }, known.shop, this.config.shareBase);
    });
  }

  async update(ownerId: string, ref: string, dto: UpdateCatalogueDto): Promise<Catalogue> {
    const name = dto.name !== undefined ? checkCatalogueName(dto.name) : undefined;
    return this.tx.run(async (tx) => {
      const current = await findOwn(tx, ownerId, ref, true);
      const [row] = await tx
        .update(catalogues)
        .set({
          ...(name !== undefined ? { name, searchName: normaliseText(name) } : {}),
          ...(dto.photo !== undefined ? { photo: dto.photo } : {}),
          ...(dto.weight !== undefined ? { weight: dto.weight } : {}),
          ...(dto.state !== undefined ? { state: dto.state } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(catalogues.id, current.id))
        .returning();
      await this.publish(tx, CatalogueCatalogueEvents.updated, row);
      return this.json(tx, row);
    });
  }

  /** spec 1 §7 'Catalogue delete': `product_catalogue_has_products` (409) unless `force`. */
  async delete(ownerId: string, ref: string, force: boolean): Promise<void> {
    await this.positions(ownerId, async (tx) => {
      const row = await findOwn(tx, ownerId, ref, true);
      const [has] = await tx.select({ n: count() }).from(catalogueProducts).where(eq(catalogueProducts.catalogueId, row.id));
      if (Number(has?.n ?? 0) > 0 && !force) {
        throw new ConflictError(ErrorCodes.productCatalogueHasProducts, 'The catalogue has products; delete with force=true');
      }
      await tx.delete(catalogueProducts).where(eq(catalogueProducts.catalogueId, row.id));
      await tx.delete(catalogues).where(eq(catalogues.id, row.id));
      await this.publish(tx, CatalogueCatalogueEvents.deleted, { ...row, numProducts: 0 });
    });
  }

  /**
   * spec 1 §7 'Catalogue position': the catalogue goes to `position` (clamped to 1..n); the others shift in the
   * read (their keys stay). The dragged order becomes the order visitors see (lists sort by -weight): explicit
   * weights, if any, turn into order-following ones (shown n..1). Steady state: one row written.
   */
  async move(ownerId: string, ref: string, position: number): Promise<Catalogue> {
    return this.positions(ownerId, async (tx) => {
      const row = await findOwn(tx, ownerId, ref, false);
      const { position: at, n } = await place(catalogueSet(tx, ownerId), { id: row.id, key: row.sortKey }, position);
      await tx
        .update(catalogues)
        .set({ weight: null })
        .where(and(eq(catalogues.ownerId, ownerId), isNotNull(catalogues.weight)));
      await this.publish(tx, CatalogueCatalogueEvents.moved, row, { position: at }, n);
      // Every weight now follows the order: the moved catalogue shows at `at` with weight n - at + 1.
      return this.json(tx, row, { ...row, position: at, weight: n - at + 1 });
    });
  }

  /**
   * `add_filtered`: adds the items matching `query` that the owner may add (own items in any state, other
   * suppliers' published and not hidden ones; a franchise store only its supplier's). With explicit `ids`,
   * one the owner may not add answers 400 `invalid_product` unless `silent`.
   */
  async addFiltered(ownerId: string, ref: string, dto: AddFilteredDto): Promise<CatalogueProductsResult> {
    return this.tx.run(async (tx) => {
      const catalogue = await findOwn(tx, ownerId, ref, true);
      const eligible = await eligibleItems(tx, ownerId, dto.query);
      if (dto.query.ids && !dto.silent) {
        const ok = new Set(eligible);
        const refused = dto.query.ids.filter((id) => !ok.has(id));
        if (refused.length)
          throw new DomainError(ErrorCodes.invalidProduct, `These products cannot be added: ${refused.slice(0, 10).join(', ')}`, 400);
      }
      const added = await appendProducts(tx, catalogue.id, eligible);
      const row = await refreshCount(tx, catalogue.id);
      if (added.length) await this.publish(tx, CatalogueCatalogueEvents.productsAdded, row, { itemIds: added });
      return { catalogue: await this.json(tx, row), added };
    });
  }

  async removeProduct(ownerId: string, ref: string, itemId: string): Promise<Catalogue> {
    return this.tx.run(async (tx) => {
      const catalogue = await findOwn(tx, ownerId, ref, true);
      const [gone] = await tx
        .delete(catalogueProducts)
        .where(and(eq(catalogueProducts.catalogueId, catalogue.id), eq(catalogueProducts.itemId, itemId)))
        .returning();
      if (!gone) throw new NotFoundError('The product is not in the catalogue');
      const row = await refreshCount(tx, catalogue.id);
      await this.publish(tx, CatalogueCatalogueEvents.productRemoved, row, { itemIds: [itemId] });
      return this.json(tx, row);
    });
  }

  async moveProduct(ownerId: string, ref: string, dto: MoveProductDto): Promise<Catalogue> {
    return this.tx.run(async (tx) => {
      const catalogue = await findOwn(tx, ownerId, ref, true);
      const [product] = await tx
        .select({ id: catalogueProducts.itemId, key: catalogueProducts.sortKey })
        .from(catalogueProducts)
        .where(and(eq(catalogueProducts.catalogueId, catalogue.id), eq(catalogueProducts.itemId, dto.product)));
      if (!product) throw new NotFoundError('The product is not in the catalogue');
      const { position: at } = await place(productSet(tx, catalogue.id), product, dto.position);
      const [row] = await tx
        .update(catalogues)
        .set({ updatedAt: sql`now()` })
        .where(eq(catalogues.id, catalogue.id))
        .returning();
      await this.publish(tx, CatalogueCatalogueEvents.productMoved, row, {
        itemIds: [dto.product],
        position: at,
      });
      return this.json(tx, row);
    });
  }

  /**
   * Fork (clone): copies the origin's products (published, not hidden; a franchise store only its supplier's)
   * into `targetRef` (one of the owner's catalogues) or into a new catalogue (`new`, or when the body names no
   * origin: then `targetRef` is the origin's id). Sets origin_id / origin_slug; `catalogue.catalogue.cloned`
   * lets the store add the items to the owner's shop.
   */
  async clone(ownerId: string, targetRef: string, dto: CloneCatalogueDto): Promise<CatalogueProductsResult> {
    const origin: CatalogueOriginDto = hasOrigin(dto) ? dto : { origin_id: targetRef };
    const intoNew = !hasOrigin(dto) || targetRef === 'new';
    return this.positions(ownerId, async (tx) => {
      const source = await findOrigin(tx, ownerId, origin);
      let target: StoredCatalogue;
      if (intoNew) {
        const name = checkCatalogueName(dto.name === undefined ? source.name : dto.name);
        target = await this.insertCatalogue(tx, ownerId, { name, photo: source.photo, originId: source.id, originSlug: source.slug });
        await this.publish(tx, CatalogueCatalogueEvents.created, target);
      } else {
        target = await findOwn(tx, ownerId, targetRef, true);
        if (target.id === source.id)
          throw new ValidationError('A catalogue cannot be cloned into itself', { origin_id: ['same catalogue'] });
        await tx.update(catalogues).set({ originId: source.id, originSlug: source.slug }).where(eq(catalogues.id, target.id));
      }
      const itemIds = await originItems(tx, ownerId, source);
      const added = await appendProducts(tx, target.id, itemIds);
      const row = await refreshCount(tx, target.id);
      await this.publish(tx, CatalogueCatalogueEvents.cloned, row, { originId: source.id, originOwnerId: source.ownerId, itemIds });
      return { catalogue: await this.json(tx, row), added };
    });
  }

  /** Runs `fn` holding the owner's positions lock (transaction-scoped advisory lock, bounded wait). */
  private positions<T>(ownerId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.tx
      .run(async (tx) => {
        await POSITIONS_LOCK.execute(tx, { lock: `catalogue.positions:${ownerId}` });
        return fn(tx);
      })
      .catch((err: unknown) => {
        throw databaseError(err, SqlState.lockNotAvailable) ? updatingPositionError() : err;
      });
  }

  private async insertCatalogue(
    tx: Tx,
    ownerId: string,
    v: {
      name: string;
      photo: string | null;
      weight?: number | undefined;
      state?: string | undefined;
      originId?: string;
      originSlug?: string;
    },
  ): Promise<StoredCatalogue> {
    const [sortKey] = await keysAtEnd(catalogueSet(tx, ownerId), await lastCatalogueKey(tx, ownerId), 1);
    // Goes last. Without a weight of its own it follows the order (shown 1, after the others) when the owner's
    // weights all do; among explicit weights it gets 0, as catalogues always did.
    const [explicit] = await tx
      .select({ id: catalogues.id })
      .from(catalogues)
      .where(and(eq(catalogues.ownerId, ownerId), isNotNull(catalogues.weight)))
      .limit(1);
    const [row] = await tx
      .insert(catalogues)
      .values({
        id: newId(),
        ownerId,
        name: v.name,
        slug: await uniqueSlug(tx, ownerId, slugify(v.name, 60)),
        photo: v.photo,
        sortKey,
        weight: v.weight ?? (explicit ? 0 : null),
        ...(v.state !== undefined ? { state: v.state } : {}),
        originId: v.originId ?? null,
        originSlug: v.originSlug ?? null,
        searchName: normaliseText(v.name),
      })
      .returning();
    return row;
  }

  private async publish(
    tx: Tx,
    type: string,
    row: Pick<StoredCatalogue, 'id' | 'ownerId' | 'slug' | 'name' | 'numProducts'>,
    extra: object = {},
    ownerCatalogues?: number,
  ): Promise<void> {
    const total =
      ownerCatalogues === undefined
        ? (await tx.select({ n: count() }).from(catalogues).where(eq(catalogues.ownerId, row.ownerId)))[0]
        : { n: ownerCatalogues };
    const data: CatalogueCatalogueChanged = {
      catalogueId: row.id,
      ownerId: row.ownerId,
      slug: row.slug,
      name: row.name,
      numProducts: row.numProducts,
      ownerCatalogues: Number(total?.n ?? 0),
      ...extra,
    };
    await this.outbox.add(tx, { type, key: row.ownerId, actorId: row.ownerId, data });
  }

  /** The catalogue as clients see it now (position and weight computed), with its share link. */
  private async json(tx: Tx, stored: Pick<StoredCatalogue, 'id' | 'ownerId'>, known?: CatalogueRow): Promise<Catalogue> {
    const [row] = known ? [known] : await tx.select(SHOWN_CATALOGUE).from(catalogues).where(eq(catalogues.id, stored.id));
    const [shop] = await tx
      .select({ slug: shops.slug, canonicalUrl: shops.canonicalUrl })
      .from(shops)
      .where(eq(shops.ownerId, stored.ownerId))
      .limit(1);
    return toCatalogueJson(row, shop, this.config.shareBase);
  }
}

const hasOrigin = (dto: CatalogueOriginDto) => Boolean(dto.origin_id || dto.origin_slug);

/** One of the owner's catalogues by id or slug (row-locked when asked); 404 otherwise, whoever owns it. */
async function findOwn(tx: Tx, ownerId: string, ref: string, lock: boolean): Promise<StoredCatalogue> {
  const q = tx
    .select()
    .from(catalogues)
    .where(
      and(eq(catalogues.ownerId, ownerId), isUuid(ref) ? or(eq(catalogues.id, ref), eq(catalogues.slug, ref)) : eq(catalogues.slug, ref)),
    )
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new NotFoundError('Catalogue not found');
  return row;
}

async function findOrigin(tx: Tx, ownerId: string, o: CatalogueOriginDto): Promise<StoredCatalogue> {
  const conds: SQL[] = [];
  if (o.origin_id) {
    if (!isUuid(o.origin_id)) throw originNotFound();
    conds.push(eq(catalogues.id, o.origin_id));
  } else {
    if (!o.origin_owner)
      throw new ValidationError('origin_owner is required with origin_slug', { origin_owner: ['required with origin_slug'] });
    const owner = o.origin_owner;
    const [shop] = await tx
      .select({ ownerId: shops.ownerId })
      .from(shops)
      .where(isUuid(owner) ? or(eq(shops.ownerId, owner), eq(shops.id, owner)) : eq(shops.slug, owner))
      .limit(1);
    conds.push(eq(catalogues.ownerId, shop?.ownerId ?? owner), eq(catalogues.slug, o.origin_slug!));
  }
  const [row] = await tx
    .select()
    .from(catalogues)
    .where(and(...conds))
    .limit(1);
  // Another owner's catalogue must be published; one's own may be cloned in any state.
  if (!row || (row.ownerId !== ownerId && row.state !== 'published')) throw originNotFound();
  return row;
}

const originNotFound = () => new NotFoundError('The catalogue to clone does not exist', CatalogueErrorCodes.originNotFound);

/** What the owner may put in a catalogue: the add-products modal's rule (own items, others' published and shown). */
async function addableCondition(tx: Tx, ownerId: string): Promise<SQL> {
  const shop = await shopOfOwner(tx, ownerId);
  const visible = and(eq(items.listState, 'published'), eq(items.hidden, false))!;
  if (shop?.storeType === 'franchise') {
    const supplier = shop.supplierId ?? shop.ownerId;
    return and(eq(items.ownerId, supplier), supplier === ownerId ? sql`true` : visible)!;
  }
  return or(eq(items.ownerId, ownerId), visible)!;
}

async function eligibleItems(tx: Tx, ownerId: string, q: AddFilteredDto['query']): Promise<string[]> {
  const conds: SQL[] = [isNull(items.deletedAt), await addableCondition(tx, ownerId)];
  if (q.ids) {
    if (q.ids.length === 0) return [];
    conds.push(inArray(items.id, q.ids));
  }
  if (q.type) conds.push(eq(items.type, q.type));
  if (q.dssupplier) conds.push(eq(items.ownerId, q.dssupplier));
  if (q.category) conds.push(sql`${items.categoryIds} @> array[${q.category}]::text[]`);
  const tsq = prefixTsQuery(q.text);
  if (tsq) conds.push(sql`${items.searchVector} @@ to_tsquery('simple', ${tsq})`);
  else if (wordlessText(q.text)) conds.push(sql`false`);
  const rows = await tx
    .select({ id: items.id })
    .from(items)
    .where(and(...conds))
    .orderBy(sql`${items.contributionMarginMinor} desc`, asc(items.id))
    .limit(MAX_ITEMS_PER_WRITE);
  if (!q.ids) return rows.map((r) => r.id);
  const found = new Set(rows.map((r) => r.id));
  return [...new Set(q.ids)].filter((id) => found.has(id));
}

async function originItems(tx: Tx, ownerId: string, origin: StoredCatalogue): Promise<string[]> {
  const rows = await tx
    .select({ id: items.id })
    .from(catalogueProducts)
    .innerJoin(items, eq(items.id, catalogueProducts.itemId))
    .where(and(eq(catalogueProducts.catalogueId, origin.id), isNull(items.deletedAt), await addableCondition(tx, ownerId)))
    .orderBy(asc(catalogueProducts.sortKey), asc(items.id))
    .limit(MAX_ITEMS_PER_WRITE);
  return rows.map((r) => r.id);
}

/** Appends items (those not there yet) after the catalogue's last position; answers the ids added. */
async function appendProducts(tx: Tx, catalogueId: string, itemIds: string[]): Promise<string[]> {
  if (itemIds.length === 0) return [];
  const present = new Set(
    (
      await tx
        .select({ id: catalogueProducts.itemId })
        .from(catalogueProducts)
        .where(and(eq(catalogueProducts.catalogueId, catalogueId), inArray(catalogueProducts.itemId, itemIds)))
    ).map((r) => r.id),
  );
  const fresh = itemIds.filter((id) => !present.has(id));
  if (fresh.length === 0) return [];
  const keys = await keysAtEnd(productSet(tx, catalogueId), await lastProductKey(tx, catalogueId), fresh.length);
  const added = await tx
    .insert(catalogueProducts)
    .values(fresh.map((itemId, i) => ({ catalogueId, itemId, sortKey: keys[i] })))
    .onConflictDoNothing()
    .returning({ id: catalogueProducts.itemId });
  return added.map((a) => a.id);
}

/** num_products from the rows themselves (never drifts). */
async function refreshCount(tx: Tx, catalogueId: string): Promise<StoredCatalogue> {
  const [row] = await tx
    .update(catalogues)
    .set({
      numProducts: sql`(select count(*)::int from ${catalogueProducts} where ${catalogueProducts.catalogueId} = ${catalogueId})`,
      updatedAt: sql`now()`,
    })
    .where(eq(catalogues.id, catalogueId))
    .returning();
  return row;
}

const p = sql.placeholder;

/** What a create needs to know of the owner's catalogues and shop, in one read built once. */
const CREATE_CONTEXT = new PreparedQuery<
  { ownerId: string; slug: string },
  Array<{ last: string | null; explicit: boolean; count: number; slugUsed: boolean; shopSlug: string | null; canonicalUrl: string | null }>
>((db) => {
  const mine = sql`${catalogues.ownerId} = ${p('ownerId')}`;
  return db
    .select({
      last: sql<string | null>`(select max(${catalogues.sortKey}) from ${catalogues} where ${mine})`,
      explicit: sql<boolean>`exists (select 1 from ${catalogues} where ${mine} and ${catalogues.weight} is not null)`,
      count: sql<number>`(select count(*)::int from ${catalogues} where ${mine})`.mapWith(Number),
      slugUsed: sql<boolean>`exists (select 1 from ${catalogues} where ${mine} and ${catalogues.slug} = ${p('slug')})`,
      shopSlug: sql<string | null>`(select ${shops.slug} from ${shops} where ${shops.ownerId} = ${p('ownerId')} limit 1)`,
      canonicalUrl: sql<string | null>`(select ${shops.canonicalUrl} from ${shops} where ${shops.ownerId} = ${p('ownerId')} limit 1)`,
    })
    .from(sql`(select 1) as one`);
});

/** The state of a catalogue created without one: the column's default. */
const DEFAULT_STATE = catalogues.state.default as string;

/** A created catalogue and its event in one statement, built once. */
const INSERT_CREATED = new PreparedQuery<
  typeof catalogues.$inferInsert & { eventId: string; topic: string; key: string; envelope: unknown },
  Array<typeof catalogues.$inferSelect>
>((db) => {
  const ins = db.$with('ins').as(
    db
      .insert(catalogues)
      .values({
        id: p('id'),
        ownerId: p('ownerId'),
        name: p('name'),
        slug: p('slug'),
        photo: p('photo'),
        sortKey: p('sortKey'),
        weight: p('weight'),
        state: p('state'),
        originId: p('originId'),
        originSlug: p('originSlug'),
        searchName: p('searchName'),
      })
      .returning(),
  );
  const ev = db.$with('ev').as(
    db
      .insert(outbox)
      .values({ id: p('eventId'), topic: p('topic'), key: p('key'), envelope: p('envelope') })
      .returning({ seq: outbox.seq }),
  );
  return db.with(ins, ev).select().from(ins);
});

/**
 * What a create reads once it holds the owner's lock (a statement of its own: one that waited for the lock would read
 * a snapshot taken before it), in one round trip: the last key, whether any weight is explicit, how many catalogues
 * the owner has, whether the slug is taken, and the shop its share link points into.
 */
async function createContext(tx: Tx, ownerId: string, slug: string) {
  const [r] = await CREATE_CONTEXT.execute(tx, { ownerId, slug });
  return {
    last: r.last == null ? null : Number(r.last),
    explicit: Boolean(r.explicit),
    count: r.count,
    slugUsed: Boolean(r.slugUsed),
    shop: r.shopSlug ? { slug: r.shopSlug, canonicalUrl: r.canonicalUrl } : undefined,
  };
}

async function uniqueSlug(tx: Tx, ownerId: string, base: string): Promise<string> {
  // A name the owner has not used yet (the usual case): one lookup in the (owner, slug) index, instead of reading
  // every slug that starts with it, which for an owner of thousands of catalogues was the create's costliest statement.
  const [used] = await tx
    .select({ slug: catalogues.slug })
    .from(catalogues)
    .where(and(eq(catalogues.ownerId, ownerId), eq(catalogues.slug, base)))
    .limit(1);
  if (!used) return base;
  const taken = new Set(
    (
      await tx
        .select({ slug: catalogues.slug })
        .from(catalogues)
        .where(and(eq(catalogues.ownerId, ownerId), sql`${catalogues.slug} like ${`${base.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`))
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
