import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite in a worker thread of its own (embedded mode, `PGLITE_THREAD`, on by default). In one thread, PostgreSQL's
 * WebAssembly and its wire-protocol parsing were half of the embedded process's CPU under load (bench/README,
 * "PGlite in a thread of its own"), on the same core as the gateway and every service, while the machine's other
 * core stayed idle. Here the thread runs the database; the process's main thread sends it statements.
 *
 * `PgliteThread` answers the part of PGlite's interface that Drizzle's PGlite driver and this platform call:
 * `query(text, params, { rowMode, parsers })`, `exec(text)` and `transaction(fn)` (with the same three on the
 * transaction), and `close()`. Values cross by structured clone (strings, numbers, bigints, Dates, Uint8Arrays,
 * arrays and plain objects, which is what PGlite takes and gives). Parsers are functions and cannot cross: Drizzle's
 * are all `(value) => value` for the types it wants as text (dates, intervals, numeric arrays), so the types are sent
 * and the thread applies the identity to them; any other parser is refused at the call, loudly.
 *
 * A transaction holds PGlite's transaction lock in the thread from `begin` until the main thread says commit or
 * rollback, so statements from elsewhere wait for it exactly as they do on an in-process PGlite. An error keeps its
 * fields (`code`, `constraint`, `detail`…): callers recognise a unique violation by its code.
 *
 * A statement with parameters is prepared once under a name (the first `DB_PREPARED_PER_CONNECTION` texts, 500 by
 * default, as `PreparingClient` does on PostgreSQL) and then only bound and executed: PGlite's own `query` parses, analyses and plans the text at every
 * call, which in WebAssembly cost more than running most of them (embedded search-random 447 → 708 req/s). A
 * statement whose result type changed under it (0A000) is closed and prepared anew at its next call. The worker is
 * referenced only while a call is out: a process that has nothing else to do may end, as it would without the thread.
 */

interface Call {
  resolve(value: unknown): void;
  reject(err: Error): void;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}

interface Queryable {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<unknown>;
  exec(text: string): Promise<unknown>;
}

const PROBE = 'vitrina:parser-probe';

/** The options a query sends across: its row mode and the types to leave as text. */
function encodeOptions(options: QueryOptions | undefined): { rowMode?: string; text: number[] } | undefined {
  if (!options) return undefined;
  const text: number[] = [];
  for (const [oid, parser] of Object.entries(options.parsers ?? {})) {
    if (parser(PROBE, Number(oid)) !== PROBE) {
      throw new Error(`PGlite thread: only identity parsers can cross to the database thread (type ${oid})`);
    }
    text.push(Number(oid));
  }
  return { rowMode: options.rowMode, text };
}

/** Rebuilds an error from the thread with every field the database gave (structured clone would drop them). */
function decodeError(fields: Record<string, unknown>): Error {
  const err = new Error(typeof fields.message === 'string' ? fields.message : 'PGlite thread: unknown error');
  for (const [key, value] of Object.entries(fields)) {
    if (key !== 'message' && key !== 'stack') (err as unknown as Record<string, unknown>)[key] = value;
  }
  return err;
}

/** Runs in the worker (CommonJS, evaluated from this string: no file to find at run time, under tsc or Jest). */
const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite, protocol, parse } = require(workerData.modules.pglite);
const extensions = {};
for (const [name, path] of Object.entries(workerData.modules.extensions)) extensions[name] = require(path)[name];
const identity = (value) => value;
const ROLLBACK = Symbol('rollback');
const transactions = new Map();
let db;

function options(o) {
  if (!o) return undefined;
  const parsers = {};
  for (const oid of o.text) parsers[oid] = identity;
  return { rowMode: o.rowMode, parsers };
}
function result(r) {
  return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
}
function fail(id, e) {
  const fields = { message: String((e && e.message) || e), name: e && e.name };
  if (e && typeof e === 'object') {
    for (const key of Object.keys(e)) {
      const v = e[key];
      if (v === null || (typeof v !== 'object' && typeof v !== 'function')) fields[key] = v;
    }
  }
  parentPort.postMessage({ id, error: fields });
}
// Statements with parameters, prepared once under a name of their own (at most PREPARED_LIMIT texts, like
// PostgreSQL's PreparingClient; 0 = none): PGlite's query() parses, analyses and plans its text at every call.
const wire = protocol.serialize;
const PREPARED_LIMIT = workerData.preparedLimit;
const statements = new Map();
let named = 0;
function concat(parts) {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
async function preparedQuery(text, params, opts, inTransaction) {
  const run = async () => {
    let statement = statements.get(text);
    if (!statement) {
      const name = 'thread_' + ++named;
      const described = await db.execProtocolStream(
        concat([wire.parse({ name, text }), wire.describe({ type: 'S', name }), wire.sync()]),
        { syncToFs: false },
      );
      statement = {
        name,
        types: parse.parseDescribeStatementResults(described),
        row: described.find((message) => message.name === 'rowDescription'),
      };
      statements.set(text, statement);
    }
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serialize = db.serializers[statement.types[i]];
      return serialize ? serialize(param) : param.toString();
    });
    let messages;
    try {
      messages = await db.execProtocolStream(
        concat([wire.bind({ statement: statement.name, values }), wire.execute({}), wire.sync()]),
        { syncToFs: false },
      );
    } catch (e) {
      // A statement whose result type changed under it (a migration while running) is prepared again next time.
      if (e && e.code === '0A000') {
        statements.delete(text);
        await db
          .execProtocolStream(concat([wire.close({ type: 'S', name: statement.name }), wire.sync()]), { syncToFs: false })
          .catch(() => undefined);
      }
      throw e;
    }
    if (!inTransaction) await db.syncToFs();
    return parse.parseResults(statement.row ? [statement.row, ...messages] : messages, db.parsers, opts)[0];
  };
  return inTransaction ? db._runExclusiveQuery(run) : db._runExclusiveTransaction(() => db._runExclusiveQuery(run));
}
function query(m) {
  const o = options(m.options);
  if (m.params && m.params.length > 0 && (statements.has(m.text) || statements.size < PREPARED_LIMIT)) {
    if (m.tx !== undefined) target(m);
    return preparedQuery(m.text, m.params, o, m.tx !== undefined);
  }
  return target(m).query(m.text, m.params, o);
}
function target(m) {
  if (m.tx === undefined) return db;
  const t = transactions.get(m.tx);
  if (!t) throw new Error('PGlite thread: the transaction has ended');
  return t.tx;
}

async function handle(m) {
  switch (m.op) {
    case 'open':
      db = await PGlite.create(m.dir, { extensions });
      return null;
    case 'query':
      return result(await query(m));
    case 'exec':
      return (await target(m).exec(m.text)).map(result);
    case 'begin': {
      let entered = false;
      const done = db.transaction(
        (tx) =>
          new Promise((resolve, reject) => {
            entered = true;
            transactions.set(m.tx, { tx, resolve, reject, endId: undefined });
            parentPort.postMessage({ id: m.id, result: null });
          }),
      );
      done.then(
        () => {
          const t = transactions.get(m.tx);
          transactions.delete(m.tx);
          parentPort.postMessage({ id: t.endId, result: null });
        },
        (e) => {
          const t = transactions.get(m.tx);
          transactions.delete(m.tx);
          if (!entered) return fail(m.id, e);
          if (e === ROLLBACK) parentPort.postMessage({ id: t.endId, result: null });
          else fail(t.endId, e);
        },
      );
      return undefined;
    }
    case 'end': {
      const t = transactions.get(m.tx);
      if (!t) throw new Error('PGlite thread: the transaction has ended');
      t.endId = m.id;
      if (m.commit) t.resolve();
      else t.reject(ROLLBACK);
      return undefined;
    }
    case 'close':
      if (db) await db.close();
      return null;
    default:
      throw new Error('PGlite thread: unknown operation ' + m.op);
  }
}

parentPort.on('message', (m) => {
  handle(m).then(
    (value) => {
      if (value !== undefined) parentPort.postMessage({ id: m.id, result: value });
    },
    (e) => fail(m.id, e),
  );
});
`;

export class PgliteThread implements Queryable {
  private readonly calls = new Map<number, Call>();
  private nextId = 1;
  private nextTx = 1;
  private stopped: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.unref();
    worker.on('message', (m: { id: number; result?: unknown; error?: Record<string, unknown> }) => {
      const call = this.calls.get(m.id);
      if (!call) return;
      this.calls.delete(m.id);
      if (this.calls.size === 0) worker.unref();
      if (m.error) call.reject(decodeError(m.error));
      else call.resolve(m.result);
    });
    const stop = (err: Error) => {
      this.stopped ??= err;
      for (const call of this.calls.values()) call.reject(this.stopped);
      this.calls.clear();
    };
    worker.on('error', (err) => stop(new Error(`PGlite thread failed: ${err.message}`, { cause: err })));
    worker.on('exit', (code) => stop(new Error(`PGlite thread stopped (exit code ${code})`)));
  }

  /**
   * Starts the thread and opens (or creates) the database in `dir` with PGlite's contrib `extensions` (by name) and
   * at most `preparedLimit` statement texts prepared (0 = none, every call through PGlite's own `query`).
   */
  static async open(dir: string, options: { extensions: string[]; preparedLimit: number }): Promise<PgliteThread> {
    const require = createRequire(import.meta.url);
    const modules = {
      pglite: require.resolve('@electric-sql/pglite'),
      extensions: Object.fromEntries(options.extensions.map((name) => [name, require.resolve(`@electric-sql/pglite/contrib/${name}`)])),
    };
    const workerData = { modules, preparedLimit: options.preparedLimit };
    const thread = new PgliteThread(new Worker(WORKER_SOURCE, { eval: true, workerData, name: 'pglite' }));
    try {
      await thread.call({ op: 'open', dir });
    } catch (err) {
      await thread.worker.terminate();
      throw err;
    }
    return thread;
  }

  async query(text: string, params?: unknown[], options?: QueryOptions): Promise<unknown> {
    return this.call({ op: 'query', text, params, options: encodeOptions(options) });
  }

  exec(text: string): Promise<unknown> {
    return this.call({ op: 'exec', text });
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const tx = this.nextTx++;
    await this.call({ op: 'begin', tx });
    const scoped: Queryable = {
      query: async (text, params, options) => this.call({ op: 'query', tx, text, params, options: encodeOptions(options) }),
      exec: (text) => this.call({ op: 'exec', tx, text }),
    };
    let value: T;
    try {
      value = await fn(scoped);
    } catch (err) {
      await this.call({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw err;
    }
    await this.call({ op: 'end', tx, commit: true });
    return value;
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.call({ op: 'close' });
    } finally {
      this.stopped = new Error('PGlite thread stopped (closed)');
      await this.worker.terminate();
    }
  }

  /** This thread seen as the PGlite client Drizzle's driver takes (it calls only the methods above). */
  asPglite(): PGlite {
    return this as unknown as PGlite;
  }

  private call(message: Record<string, unknown>): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.calls.size === 0) this.worker.ref();
      this.calls.set(id, { resolve, reject });
      try {
        this.worker.postMessage({ ...message, id });
      } catch (err) {
        // A value structured clone cannot carry (a function, a class with private state): this call only.
        this.calls.delete(id);
        if (this.calls.size === 0) this.worker.unref();
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  }
}
