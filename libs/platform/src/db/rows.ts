import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

/** `db.execute` answers rows directly (PGlite, drizzle pg) or as `{ rows }`. */
export function rowsOf<T>(res: unknown): T[] {
  return Array.isArray(res) ? (res as T[]) : ((res as { rows?: T[] }).rows ?? []);
}

/**
 * A row of `table` as PostgreSQL's `row_to_json` (or `json_agg`) gives it, mapped as drizzle maps a selected row:
 * column names to field names, each value through its column's driver mapping (timestamps to Dates, and so on). For
 * raw statements drizzle cannot build, such as a data-modifying CTE answering the row it updated.
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): InferSelectModel<T> {
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    out[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as InferSelectModel<T>;
}
