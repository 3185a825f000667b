/**
 * `POST /{group}/_probe/write` (bench/README.md "Write path"): the floor of every write, one row and one outbox row in
 * one transaction, mounted only when BENCH_WRITE_PROBE=1.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Module } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { fileURLToPath } from 'node:url';
import { createServiceApp, type ServiceApp, type WriteProbeAnswer } from '../../src/http/bootstrap.js';
import type { Db } from '../../src/db/database.js';
import { PlatformModule } from '../../src/runtime/platform.module.js';
import type { Runtime } from '../../src/runtime/runtime.js';
import { DB } from '../../src/runtime/tokens.js';
import { platformTables } from '../../src/outbox/tables.js';
import { createTestDatabase, type TestDatabase } from '../../src/testing/test-database.js';
import { createTestRuntime } from '../../src/testing/test-runtime.js';

const tables = platformTables('marketing');

@Module({
  imports: [
    PlatformModule.forService({
      name: 'marketing',
      schema: { ...tables },
      tables,
      migrationsFolder: fileURLToPath(new URL('../../../../services/marketing/drizzle', import.meta.url)),
    }),
  ],
})
class ProbeModule {}

describe('the write probe', () => {
  let tdb: TestDatabase;
  let runtime: Runtime;
  let svc: ServiceApp | undefined;
  const before = process.env.BENCH_WRITE_PROBE;

  const start = async () => {
    svc = await createServiceApp({ name: 'marketing', module: ProbeModule }, runtime);
    await svc.app.getHttpAdapter().getInstance().ready();
    return svc;
  };

  beforeAll(async () => {
    tdb = await createTestDatabase('write_probe');
    runtime = await createTestRuntime(tdb);
  });
  afterEach(async () => {
    await svc?.app.close();
    svc = undefined;
    if (before === undefined) delete process.env.BENCH_WRITE_PROBE;
    else process.env.BENCH_WRITE_PROBE = before;
  });
  afterAll(async () => {
    await runtime?.close();
    await tdb?.destroy();
  });

  it('is not there unless BENCH_WRITE_PROBE=1', async () => {
    delete process.env.BENCH_WRITE_PROBE;
    const app = (await start()).app;
    expect((await app.inject({ method: 'POST', url: '/marketing/_probe/write' })).statusCode).toBe(404);
  });

  it('commits one row and one outbox row together, and the relay publishes the row', async () => {
    process.env.BENCH_WRITE_PROBE = '1';
    const app = (await start()).app;
    const res = await app.inject({ method: 'POST', url: '/marketing/_probe/write' });
    expect(res.statusCode).toBe(201);
    const { id, service } = res.json<WriteProbeAnswer>();
    expect(service).toBe('marketing');
    const db = app.get<Db>(DB, { strict: false });
    expect(await db.select().from(tables.pings).where(eq(tables.pings.id, id))).toHaveLength(1);
    const outboxRow = async () => (await db.select().from(tables.outbox).where(eq(tables.outbox.key, id)))[0];
    expect((await outboxRow())?.topic).toBe('marketing._probe');
    for (let i = 0; i < 100 && !(await outboxRow())?.publishedAt; i++) await new Promise((r) => setTimeout(r, 100));
    expect((await outboxRow())?.publishedAt).toBeInstanceOf(Date);
  });
});
