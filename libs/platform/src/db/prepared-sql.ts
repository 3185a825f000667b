import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { AnySchema, Db, Tx } from './database.js';
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
