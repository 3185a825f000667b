import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, sql, type Database } from '../../src/db/database.js';
import { rowsOf } from '../../src/db/rows.js';
import { toErrorResponse } from '../../src/http/exception.filter.js';
import { requireServiceUrl } from '../../src/testing/test-database.js';

describe('PostgreSQL pool limits', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vitrina-pool-'));
  const open: Database[] = [];
  afterAll(async () => {
    await Promise.all(open.map((d) => d.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('an exhausted pool and a statement over statement_timeout answer 503 service_unavailable, not a hang or a 500', async () => {
    const url = requireServiceUrl('DATABASE_URL', 'pool limits on PostgreSQL');
    if (!url) return;
    const db = await openDatabase({
      databaseUrl: url,
      dataDir: dir,
      poolMax: 1,
      // pg-pool gives a new connection the same time as a wait for a busy one: long enough for a loaded CI machine to
      // make the pool's one connection (a connection not made in time is the case below, not this one).
      poolWaitMs: 2_000,
      statementTimeoutMs: 300,
      applicationName: 'vitrina-pool-test',
    });
    open.push(db);
    const d = db.drizzle({});
    // The pool's one connection made first, so the statement below is timed alone.
    await d.execute(sql`select 1`);
    // Over the statement timeout.
    const slow = await d.execute(sql`select pg_sleep(5)`).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(toErrorResponse(slow)).toEqual({ status: 503, body: { code: 'service_unavailable', message: expect.any(String) } });
    // The only connection held by a transaction: another statement waits at most poolWaitMs.
    let release!: () => void;
    const held = d.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await new Promise<void>((r) => (release = r));
    });
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    const waited = await d.execute(sql`select 1`).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(Date.now() - started).toBeLessThan(10_000); // bounded by poolWaitMs, not by the transaction
    expect(toErrorResponse(waited).status).toBe(503);
    release();
    await held;
    // application_name is what pg_stat_activity shows.
    const rows = rowsOf<{ name: string }>(await d.execute(sql`select current_setting('application_name') as name`));
    expect(rows[0].name).toBe('vitrina-pool-test');
  });

  it('a transaction left idle past idle_in_transaction_session_timeout fails its next statement, and the process lives on', async () => {
    const url = requireServiceUrl('DATABASE_URL', 'idle transactions on PostgreSQL');
    if (!url) return;
    const db = await openDatabase({ databaseUrl: url, dataDir: dir, poolMax: 2, idleInTransactionTimeoutMs: 200 });
    open.push(db);
    const d = db.drizzle({});
    const stuck = await d
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await new Promise((r) => setTimeout(r, 1_500)); // the server ends the session meanwhile
        await tx.execute(sql`select 2`);
      })
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(stuck).toBeInstanceOf(Error);
    // The pool still serves.
    const ok = rowsOf<{ n: number }>(await d.execute(sql`select 41 + 1 as n`));
    expect(ok[0].n).toBe(42);
  });

  it('a database that accepts no connection within the pool wait answers 503 service_unavailable, not a 500', async () => {
    // A server that takes the TCP connection and never answers PostgreSQL's startup: pg-pool ends the connection
    // after the wait ("Connection terminated due to connection timeout"), as with a database too busy to accept one.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const db = await openDatabase({
        databaseUrl: `postgres://postgres@127.0.0.1:${port}/none`,
        dataDir: dir,
        poolMax: 1,
        poolWaitMs: 200,
      });
      open.push(db);
      const started = Date.now();
      const failed = await db
        .drizzle({})
        .execute(sql`select 1`)
        .then(
          () => undefined,
          (err: unknown) => err,
        );
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(toErrorResponse(failed)).toEqual({ status: 503, body: { code: 'service_unavailable', message: expect.any(String) } });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
