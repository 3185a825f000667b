import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, sql, type Database } from '../../src/db/database.js';
import { rowsOf } from '../../src/db/rows.js';
import { toErrorResponse } from '../../src/http/exception.filter.js';
import { refusedPort } from '../../src/testing/refused-port.js';
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
    expect(toErrorResponse(slow)).toEqual({
      status: 503,
      body: { code: 'service_unavailable', message: 'The service is busy, try again shortly' },
      headers: { 'retry-after': '1' },
    });
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
      expect(toErrorResponse(failed)).toEqual({
        status: 503,
        body: { code: 'service_unavailable', message: 'The service is busy, try again shortly' },
        headers: { 'retry-after': '1' },
      });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  describe('a database out of reach answers 503 service_unavailable with Retry-After, not a 500', () => {
    const unavailable = {
      status: 503,
      body: { code: 'service_unavailable', message: 'The service is temporarily unavailable, try again shortly' },
      headers: { 'retry-after': '5' },
    };
    const failureOf = async (databaseUrl: string) => {
      const db = await openDatabase({ databaseUrl, dataDir: dir, poolMax: 1, poolWaitMs: 2_000 });
      open.push(db);
      return db
        .drizzle({})
        .execute(sql`select 1`)
        .then(
          () => undefined,
          (err: unknown) => err,
        );
    };

    it('nothing listening on its port (ECONNREFUSED)', async () => {
      // Not a port freed after listen(0): another suite's server may take it meanwhile (refused-port.ts).
      const failed = await failureOf(`postgres://postgres@127.0.0.1:${await refusedPort()}/none`);
      expect(failed).toBeInstanceOf(Error);
      expect(toErrorResponse(failed)).toEqual(unavailable);
    });

    it('its Unix socket missing (PostgreSQL stopped)', async () => {
      const failed = await failureOf(`postgres://postgres@localhost/none?host=${encodeURIComponent(join(dir, 'no-such-dir'))}`);
      expect(failed).toBeInstanceOf(Error);
      expect(toErrorResponse(failed)).toEqual(unavailable);
    });

    it('the server closing the connection mid-session', async () => {
      // Takes the connection and closes it at once: what a crashing or restarting server does to its clients.
      const closing = createServer((socket) => socket.destroy());
      await new Promise<void>((resolve) => closing.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = closing.address() as AddressInfo;
        const failed = await failureOf(`postgres://postgres@127.0.0.1:${port}/none`);
        expect(failed).toBeInstanceOf(Error);
        expect(toErrorResponse(failed)).toEqual(unavailable);
      } finally {
        await new Promise((resolve) => closing.close(resolve));
      }
    });

    it('PostgreSQL ending the session (57P01, as in a shutdown), and the pool serving again after', async () => {
      const url = requireServiceUrl('DATABASE_URL', 'a terminated session on PostgreSQL');
      if (!url) return;
      const db = await openDatabase({ databaseUrl: url, dataDir: dir, poolMax: 1, applicationName: 'vitrina-pool-terminated' });
      open.push(db);
      const d = db.drizzle({});
      const failed = await d
        .transaction(async (tx) => {
          await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
        })
        .then(
          () => undefined,
          (err: unknown) => err,
        );
      expect(failed).toBeInstanceOf(Error);
      expect(toErrorResponse(failed)).toEqual(unavailable);
      const ok = rowsOf<{ n: number }>(await d.execute(sql`select 41 + 1 as n`));
      expect(ok[0].n).toBe(42);
    });
  });
});
