import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { PgliteThread } from './pglite-thread.js';
import { instrumentPg, tracePglite } from '../telemetry/library-instrumentation.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
export type AnySchema = Record<string, unknown>;
/**
 * A Drizzle database bound to one service's schema. Same type on PGlite and PostgreSQL. Its `execute()` answers
 * `unknown` whatever type argument it is given (the two drivers shape a raw result differently): read the rows with
 * `rowsOf<T>(await db.execute(...))` (rows.ts).
 */
export type Db<TSchema extends AnySchema = AnySchema> = PgDatabase<PgQueryResultHKT, TSchema>;
/** A Drizzle transaction; command handlers receive it from TransactionRunner.run. */
export type Tx<TSchema extends AnySchema = AnySchema> = PgTransaction<PgQueryResultHKT, TSchema, ExtractTablesWithRelations<TSchema>>;

/**
 * One physical database: the embedded PGlite (one instance per process, one schema per service)
 * or a PostgreSQL pool (one schema per service). Services get a Drizzle view of it with `drizzle(schema)`.
 */
export interface Database {
  readonly kind: 'pglite' | 'postgres';
  drizzle<TSchema extends AnySchema>(schema: TSchema): Db<TSchema>;
  /**
   * A Drizzle view on a connection outside the request pool, for background work that must not queue behind requests
   * (the outbox relay: while 50 requests wait for a pooled connection, a relay waiting with them let the oldest
   * unpublished row age past a second). PostgreSQL: one more connection, opened on first use; PGlite: its only one.
   */
  background<TSchema extends AnySchema>(schema: TSchema): Db<TSchema>;
  /** Applies a service's drizzle-kit migrations; serialised across processes on PostgreSQL. */
  migrate(opts: { schema: string; migrationsFolder: string }): Promise<void>;
  /** Round trip used by /health/ready. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  poolMax?: number;
  /** PostgreSQL: longest wait for a free pooled connection before the request fails (default 5 s). */
  poolWaitMs?: number;
  /** PostgreSQL: `statement_timeout` of every connection (default 15 s; 0 = none). Migrations are exempt. */
  statementTimeoutMs?: number;
  /** PostgreSQL: `idle_in_transaction_session_timeout` (default 30 s): a transaction left open by a stuck await ends. */
  idleInTransactionTimeoutMs?: number;
  /** PostgreSQL: `application_name`, shown in pg_stat_activity (default `vitrina`). */
  applicationName?: string;
  /**
   * PostgreSQL, and PGlite in its thread: how many statement texts each connection keeps prepared (default 500;
   * 0 = none). A statement with parameters is parsed and analysed once per connection instead of at every call
   * (see `PreparingClient` and `PgliteThread`).
   */
  preparedPerConnection?: number;
  /** Trace statements with OpenTelemetry (inside a service's recording span only). */
  traced?: boolean;
  /** PGlite: run the database in a worker thread of its own (`PgliteThread`; default: in the calling thread). */
  pgliteThread?: boolean;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts)
    : openPglite(opts.dataDir, opts.traced ?? false, opts.pgliteThread ?? false, opts.preparedPerConnection ?? 500);
}

/**
 * Where each service's applied-migrations table lives: in a `drizzle` schema of its own, not in the
 * service's schema, so the service's first migration can `CREATE SCHEMA "<service>"` itself.
 */
function bookkeeping(schema: string): { migrationsSchema: string; migrationsTable: string } {
  return { migrationsSchema: 'drizzle', migrationsTable: `${schema.replace(/[^a-z0-9_]/gi, '_')}_migrations` };
}

/**
 * PGlite's contrib extensions the migrations create, in the calling thread or in `PgliteThread` (which loads
 * `@electric-sql/pglite/contrib/<name>` by these names): one list, so the two modes cannot differ.
 */
const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

async function openPglite(dataDir: string, traced: boolean, thread: boolean, preparedLimit: number): Promise<Database> {
  const dir = resolve(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  // PGlite takes no lock on its folder: only one process may open it (docs/toolchain.md).
  const raw = thread
    ? (await PgliteThread.open(dir, { extensions: Object.keys(PGLITE_EXTENSIONS), preparedLimit })).asPglite()
    : await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
  const client = traced ? tracePglite(raw) : raw;
  const base = drizzlePglite(raw);
  let closed = false;
  return {
    kind: 'pglite',
    drizzle: (schema) => drizzlePglite(client, { schema }),
    background: (schema) => drizzlePglite(client, { schema }),
    async migrate({ schema, migrationsFolder }) {
      await migratePglite(base, { migrationsFolder, ...bookkeeping(schema) });
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await raw.close();
    },
  };
}

const MIGRATION_LOCK = 'vitrina:migrate';

/**
 * The background connection plans every execution for the table as it is now. Its statements (the outbox relay's
 * scans, marks and prunes) are prepared once per connection (`PreparingClient`), and after five executions
 * PostgreSQL may keep a generic plan for good; one made at start, while the outbox held a few rows, was a sequential
 * scan, and it stayed one as the table grew to thousands of kept rows until the next ANALYZE, which autovacuum may
 * never run on this machine and CI's (`autovacuum = off`): 19 ms and 2,500 pages a scan in the card-payment
 * benchmark, where a plan made for the table's present size reads two index pages (bench/README). The relay runs a
 * handful of statements a drain; planning each is cheap beside that.
 */
const BACKGROUND_OPTIONS = '-c plan_cache_mode=force_custom_plan';

/**
 * A pg client that prepares every statement with parameters under a name of its own, once per connection: the
 * server then parses and analyses its text once, and after five executions may keep a generic plan, instead of
 * doing both at every call (Drizzle sends its queries unnamed unless a query is built with `.prepare(name)`). In
 * the write benchmarks, parse and plan were about a third of PostgreSQL's CPU per statement (bench/README,
 * "statements prepared once per connection").
 *
 * Bounded: a connection names at most `limit` distinct texts (texts that vary with the number of values, such as
 * `in ($1, …, $n)` or a multi-row insert, each count once); past that, new texts go unnamed as before, so a code
 * path that builds unbounded shapes costs server memory only up to the bound. Texts without parameters (`begin`,
 * migrations of several statements) are never named: the extended protocol takes one statement per Parse.
 */
function preparingClient(limit: number): typeof pg.Client {
  return class PreparingClient extends pg.Client {
    private readonly names = new Map<string, string>();

    override query(config: any, values?: any, callback?: any): any {
      if (
        config !== null &&
        typeof config === 'object' &&
        typeof config.text === 'string' &&
        config.name === undefined &&
        typeof config.submit !== 'function'
      ) {
        const params = Array.isArray(values) ? values : config.values;
        if (Array.isArray(params) && params.length > 0) {
          let name = this.names.get(config.text);
          if (name === undefined && this.names.size < limit) {
            name = `auto_${this.names.size + 1}`;
            this.names.set(config.text, name);
          }
          if (name !== undefined) config = { ...config, name };
        }
      }
      return super.query(config, values, callback);
    }
  };
}

async function openPostgres(url: string, opts: DatabaseOptions): Promise<Database> {
  if (opts.traced) instrumentPg();
  const prepared = opts.preparedPerConnection ?? 500;
  const Client = prepared > 0 ? preparingClient(prepared) : undefined;
  const newPool = (max: number, applicationName: string, options?: string): pg.Pool => {
    const created = new pg.Pool({
      ...(options ? { options } : {}),
      connectionString: url,
      max,
      idleTimeoutMillis: 30_000,
      // An exhausted pool fails fast (the request answers 503) instead of hanging until the gateway's timeout.
      connectionTimeoutMillis: opts.poolWaitMs ?? 5_000,
      statement_timeout: opts.statementTimeoutMs ?? 15_000,
      idle_in_transaction_session_timeout: opts.idleInTransactionTimeoutMs ?? 30_000,
      application_name: applicationName,
      ...(Client ? { Client } : {}),
    });
    // An idle client's error (server restart) must not crash the process; the pool replaces the client.
    created.on('error', () => undefined);
    // pg-pool listens for errors only while a client is idle: one checked out (inside a transaction) whose connection
    // the server ends (idle_in_transaction_session_timeout, a restart) would emit an unhandled 'error' and take the
    // process down. The statement in progress rejects anyway, and the pool discards the broken client on release.
    created.on('connect', (client) => client.on('error', () => undefined));
    return created;
  };
  const pool = newPool(opts.poolMax ?? 10, opts.applicationName ?? 'vitrina');
  let backgroundPool: pg.Pool | undefined;
  let closed = false;
  return {
    kind: 'postgres',
    drizzle: (schema) => drizzlePg(pool, { schema }),
    background: (schema) =>
      drizzlePg((backgroundPool ??= newPool(1, `${opts.applicationName ?? 'vitrina'}:background`, BACKGROUND_OPTIONS)), { schema }),
    async migrate({ schema, migrationsFolder }) {
      // Instances of a service, and services sharing the database, may start together: one migrates at a time,
      // the others wait for the lock. One lock for the whole database, not one per schema: migrations also
      // touch database-wide objects (extensions), which two schemas' first migrations would race to create.
      const client = await pool.connect();
      try {
        // Waiting for another instance's migrations, or a long index build, is not a stuck statement.
        await client.query('set statement_timeout = 0');
        await client.query('select pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
        try {
          await migratePg(drizzlePg(client), { migrationsFolder, ...bookkeeping(schema) });
        } finally {
          await client.query('select pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK]);
        }
      } finally {
        await client.query('reset statement_timeout').catch(() => undefined);
        client.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([pool.end(), backgroundPool?.end()]);
    },
  };
}

export { sql };
