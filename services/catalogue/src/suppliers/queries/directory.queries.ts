import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, exists, isNull, sql, type SQL } from 'drizzle-orm';
import type { CatalogueCategoryList, CatalogueSupplier, CatalogueSupplierList } from '@vitrina/contracts';
import { DB, NotFoundError, listResponse, type Db } from '@vitrina/platform';
import { categories, items, suppliers } from '../../db/schema.js';
import { normaliseText, wordlessText } from '../../shared/normalise.js';

/** `like` pattern of a normalised text, with its wildcards escaped. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
function startsWith(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Suppliers (dssuppliers) and categories: lists, searches and type-ahead. Text matches anywhere in the
 * name (trigram GIN index), names that start with it first.
 */
@Injectable()
export class DirectoryQueries {
  constructor(@Inject(DB) private readonly db: Db) {}

  async suppliers(f: {
    text?: string;
    offset?: number;
    limit: number;
    onlyWithPublishedItems?: boolean;
    onlyId?: string;
  }): Promise<CatalogueSupplierList> {
    const text = normaliseText(f.text ?? '');
    const conds: SQL[] = [];
    if (text) conds.push(sql`${suppliers.searchName} like ${contains(text)}`);
    else if (wordlessText(f.text)) conds.push(sql`false`);
    if (f.onlyId) conds.push(eq(suppliers.id, f.onlyId));
    if (f.onlyWithPublishedItems) {
      conds.push(
        exists(
          this.db
            .select({ one: sql`1` })
            .from(items)
            .where(and(eq(items.ownerId, suppliers.id), eq(items.listState, 'published'), isNull(items.deletedAt))),
        ),
      );
    }
    const where = conds.length ? and(...conds) : undefined;
    const order = text
      ? [desc(sql`${suppliers.searchName} like ${startsWith(text)}`), asc(suppliers.name), asc(suppliers.id)]
      : [asc(suppliers.name), asc(suppliers.id)];
    const rows = await this.db
      .select({ id: suppliers.id, name: suppliers.name, image: suppliers.image, enabled: suppliers.enabled })
      .from(suppliers)
      .where(where)
      .orderBy(...order)
      .offset(f.offset ?? 0)
      .limit(f.limit);
    const [total] = await this.db.select({ n: count() }).from(suppliers).where(where);
    return listResponse(rows, Number(total?.n ?? 0));
  }

  async supplier(id: string): Promise<CatalogueSupplier> {
    const [row] = await this.db
      .select({ id: suppliers.id, name: suppliers.name, image: suppliers.image, enabled: suppliers.enabled })
      .from(suppliers)
      .where(eq(suppliers.id, id))
      .limit(1);
    if (!row) throw new NotFoundError('Supplier not found');
    return row;
  }

  async categories(f: { text?: string; offset?: number; limit: number }): Promise<CatalogueCategoryList> {
    const text = normaliseText(f.text ?? '');
    const where = text ? sql`${categories.searchName} like ${contains(text)}` : wordlessText(f.text) ? sql`false` : undefined;
    const order = text
      ? [desc(sql`${categories.searchName} like ${startsWith(text)}`), asc(categories.position), asc(categories.name)]
      : [asc(categories.position), asc(categories.name)];
    const rows = await this.db
      .select({ id: categories.id, name: categories.name, slug: categories.slug })
      .from(categories)
      .where(where)
      .orderBy(...order)
      .offset(f.offset ?? 0)
      .limit(f.limit);
    const [total] = await this.db.select({ n: count() }).from(categories).where(where);
    return listResponse(rows, Number(total?.n ?? 0));
  }
}
