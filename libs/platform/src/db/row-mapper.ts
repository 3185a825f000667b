import { Column, getTableName, is, noopDecoder, SQL, Subquery } from 'drizzle-orm';

/** One selected field as drizzle's builders describe it (`orderSelectedFields`): where it goes, and what it is. */
interface SelectedField {
  path: string[];
  field: unknown;
}

interface Decoder {
  mapFromDriverValue: (value: unknown) => unknown;
}

/** A row as the driver gives it in array mode, and the object drizzle would make of it. */
export type RowMapper = (row: unknown[]) => Record<string, unknown>;

/** Column.prototype's own `mapFromDriverValue` returns its value: a column that does not override it needs no call. */
const identity = (Column.prototype as unknown as Decoder).mapFromDriverValue;

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: { decoder: Decoder } } })._.sql.decoder;
  return (field as { sql: { decoder: Decoder } }).sql.decoder;
}

/**
 * The mapping of drizzle's `mapResultRow` (drizzle-orm/utils), worked out once for a statement's fields instead of at
 * every row: which decoder each column needs (`is()` walks prototypes; drizzle's mapping was a sixth of a cart read's CPU), the
 * nested objects it goes into, and which joined objects become `null` when their table's row is absent.
 * The answer is the same object, key for key and in the same order: a left-joined table's object is `null` when its
 * first selected column is null, every one of its columns is that table's, and the join may be absent
 * (`joinsNotNullableMap`), as drizzle decides it.
 */
export function compileRowMapper(fields: readonly SelectedField[], joinsNotNullableMap?: Record<string, boolean>): RowMapper {
  const columns = fields.map(({ path, field }) => {
    const decoder = decoderOf(field);
    const decode =
      decoder === noopDecoder || decoder.mapFromDriverValue === identity ? undefined : decoder.mapFromDriverValue.bind(decoder);
    return { parents: path.slice(0, -1), key: path[path.length - 1], decode };
  });
  // Objects a missing left join turns into null: drizzle's nullifyMap, settled for the fields rather than per row.
  const nullable: Array<{ object: string; key: string }> = [];
  if (joinsNotNullableMap) {
    const seen = new Map<string, { key: string; table: string | false }>();
    for (const { path, field } of fields) {
      if (!is(field, Column) || path.length !== 2) continue;
      const table = getTableName((field as unknown as { table: Parameters<typeof getTableName>[0] }).table);
      const entry = seen.get(path[0]);
      if (!entry) seen.set(path[0], { key: path[1], table });
      else if (entry.table !== table) entry.table = false;
    }
    for (const [object, { key, table }] of seen) {
      if (table !== false && !joinsNotNullableMap[table]) nullable.push({ object, key });
    }
  }
  return (row) => {
    const result: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) {
      const column = columns[i];
      let node = result;
      for (const chunk of column.parents) {
        if (!(chunk in node)) node[chunk] = {};
        node = node[chunk] as Record<string, unknown>;
      }
      const raw = row[i];
      node[column.key] = raw === null ? null : column.decode ? column.decode(raw) : raw;
    }
    // the object's first column, as decoded into it (a json column may decode to null)
    for (const { object, key } of nullable) if ((result[object] as Record<string, unknown>)[key] === null) result[object] = null;
    return result;
  };
}

/** What a drizzle prepared query keeps of its statement (drizzle-orm's node-postgres and PGlite sessions alike). */
interface MappedPrepared {
  fields?: readonly SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/** The `customResultMapper` a prepared statement with these fields gets: its rows mapped by `compileRowMapper`. */
export function compiledResultMapper(
  fields: readonly SelectedField[],
  joinsNotNullableMap?: Record<string, boolean>,
): (rows: unknown[][]) => Record<string, unknown>[] {
  const map = compileRowMapper(fields, joinsNotNullableMap);
  return (rows) => rows.map(map);
}

/**
 * A drizzle prepared query (`db.select(…).prepare(name)`) whose rows are mapped by a mapper compiled once from its
 * fields (`compileRowMapper`) instead of drizzle's per-row `mapResultRow`: the same answer for less CPU on every read
 * of a hot path. A query without selected fields (a plain write) or with a mapper of its own is left as it is.
 */
export function withCompiledRows<T>(prepared: T): T {
  const query = prepared as unknown as MappedPrepared;
  if (query.fields && !query.customResultMapper) query.customResultMapper = compiledResultMapper(query.fields, query.joinsNotNullableMap);
  return prepared;
}
