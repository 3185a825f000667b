import type { Column, Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { AnySchema, Db, Tx } from './database.js';
import { compiledResultMapper } from './row-mapper.js';
import { rowsOf } from './rows.js';

interface PreparedStatement {
  execute(values: Record<string, unknown>): Promise<unknown>;
}

/**
 * A raw statement that drizzle cannot `.prepare` (data-modifying CTEs and the like), built once with `sql.placeholder`
 * in place of every value: drizzle's query building (a fifth of a service's CPU on a one-statement write, `is()`
 * walking prototypes for every column) does not happen per call. Its text is the same string at every call, so the
 * pool's client prepares it once per connection like every other statement (`preparedPerConnection`, which a pooler
 * without prepared statements turns off: this class never names a statement itself).
 * `build` runs once, at the first call, with that call's database: its query builders only render the text.
 * Placeholders inside builders (`values`, `set`, `eq(column, …)`) are mapped by their column, null included (a json
 * column turns null into JSON `null`, not SQL NULL: give a nullable json value as a raw `${placeholder}::jsonb` and
 * stringify it yourself); raw ones go to the driver as given.
 */
export class PreparedSql<TValues extends Record<string, unknown>> {
  private query: Query | undefined;
  /** Per drizzle session: the pool's (one for the service's life), or a transaction's. */
  private readonly statements = new WeakMap<object, PreparedStatement>();

  constructor(private readonly build: (db: Db<AnySchema> | Tx<AnySchema>) => SQL) {}

  async execute<TRow>(db: Db<AnySchema> | Tx<AnySchema>, values: TValues): Promise<TRow[]> {
    const session = db._.session;
    let statement = this.statements.get(session);
    if (!statement) {
      this.query ??= new PgDialect().sqlToQuery(this.build(db));
      statement = session.prepareQuery(this.query, undefined, undefined, false) as PreparedStatement;
      this.statements.set(session, statement);
    }
    return rowsOf<TRow>(await statement.execute(values));
  }
}

/**
 * Statements of one kind built once per shape, for a write whose columns vary a little between calls (the columns an
 * order's move sets, the fields of a checkout, whether it carries the Idempotency-Key's answer): `shape` names the
 * variant, `build` makes its statement the first time that shape is asked for. A handful of shapes in all.
 */
export class PreparedSqlShapes<TValues extends Record<string, unknown>> {
  private readonly statements = new Map<string, PreparedSql<TValues>>();

  get(shape: string, build: () => SQL): PreparedSql<TValues> {
    let statement = this.statements.get(shape);
    if (!statement) {
      statement = new PreparedSql<TValues>(build);
      this.statements.set(shape, statement);
    }
    return statement;
  }
}

/**
 * A value for a raw placeholder assigned to `column` (`set col = $n`, `values ($n)`: the column gives the parameter
 * its type), as the query builder would have sent it: encoded by the column (json stringified, a Date as ISO text),
 * null and undefined as SQL NULL (the builder's encoder would turn a json column's null into JSON `null`).
 */
export function driverValue(column: Column, value: unknown): unknown {
  return value === null || value === undefined ? null : column.mapToDriverValue(value);
}

/** What a drizzle query builder (select, insert, update, delete) offers to prepare itself. */
interface Preparable<TResult> {
  prepare(name?: string): { execute(values?: Record<string, unknown>): Promise<TResult> };
}

type PrepareQueryArgs = unknown[];
interface DrizzleSession {
  prepareQuery(...args: PrepareQueryArgs): PreparedStatement & { joinsNotNullableMap?: unknown };
}

/**
 * A drizzle query builder built once, with `sql.placeholder` in place of every value, and answering as the builder
 * itself would (a select's rows mapped to its fields: camelCase keys, Dates, parsed json; an insert's `returning`):
 * for the reads and writes of a hot path written with the builders, whose building (`is()` walking prototypes for
 * every column and chunk) costs more CPU than the statement's own round trip. Like `PreparedSql`, the statement is
 * prepared once per drizzle session (the pool's, or a transaction's) from the one built query, and its text is the
 * same at every call, so the pool's client prepares it once per connection.
 *
 *   const byId = new PreparedQuery<{ id: string }, Row[]>((db) =>
 *     db.select().from(things).where(eq(things.id, sql.placeholder('id'))).for('update'));
 *   const [row] = await byId.execute(tx, { id });
 *
 * `build` runs once, at the first call; what the builder's own `prepare` hands drizzle's session (the query, the
 * fields that map its rows, the joins' nullability) is recorded then and given to every later session, with the
 * rows' mapper compiled once from those fields (`compileRowMapper`) in place of drizzle's per-row one.
 */
export class PreparedQuery<TValues extends Record<string, unknown>, TResult> {
  private recorded: { args: PrepareQueryArgs; joinsNotNullableMap: unknown } | undefined;
  private readonly statements = new WeakMap<object, PreparedStatement>();

  constructor(private readonly build: (db: Db<AnySchema> | Tx<AnySchema>) => Preparable<TResult>) {}

  async execute(db: Db<AnySchema> | Tx<AnySchema>, values: TValues): Promise<TResult> {
    const session = db._.session as unknown as DrizzleSession;
    let statement = this.statements.get(session);
    if (!statement) {
      this.recorded ??= record(session, () => this.build(db).prepare());
      const prepared = session.prepareQuery(...this.recorded.args);
      prepared.joinsNotNullableMap = this.recorded.joinsNotNullableMap;
      statement = prepared;
      this.statements.set(session, statement);
    }
    return (await statement.execute(values)) as TResult;
  }
}

/** The arguments `prepare` gives the session's `prepareQuery` (synchronous: nothing else runs meanwhile). */
function record(session: DrizzleSession, prepare: () => unknown): { args: PrepareQueryArgs; joinsNotNullableMap: unknown } {
  const own = Object.getOwnPropertyDescriptor(session, 'prepareQuery');
  const prepareQuery = session.prepareQuery.bind(session);
  let args: PrepareQueryArgs | undefined;
  session.prepareQuery = (...given: PrepareQueryArgs) => {
    args = given;
    return prepareQuery(...given);
  };
  let joinsNotNullableMap: unknown;
  try {
    const prepared = prepare() as { joinsNotNullableMap?: unknown };
    joinsNotNullableMap = prepared.joinsNotNullableMap;
  } finally {
    if (own) Object.defineProperty(session, 'prepareQuery', own);
    else delete (session as Partial<DrizzleSession>).prepareQuery;
  }
  if (!args) throw new Error('PreparedQuery: the builder did not prepare through its session');
  // prepareQuery(query, fields, name, isResponseInArrayMode, customResultMapper, …): selected fields and no mapper of
  // the builder's own (a relational query has one) → the compiled mapper maps the rows.
  const [, fields, , , customResultMapper] = args;
  if (Array.isArray(fields) && customResultMapper === undefined) {
    args = [...args];
    args[4] = compiledResultMapper(fields, joinsNotNullableMap as Record<string, boolean> | undefined);
  }
  return { args, joinsNotNullableMap };
}
