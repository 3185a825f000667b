import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Body, Controller, Get, Module, Post, Query } from '@nestjs/common';
import { IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { fileURLToPath } from 'node:url';
import { pgSchema, text } from 'drizzle-orm/pg-core';
import { openDatabase, sql } from '../../src/db/database.js';
import { createServiceApp, type ServiceApp } from '../../src/http/bootstrap.js';
import { DomainError } from '../../src/http/errors.js';
import { ListQueryDto, listResponse, parseSort } from '../../src/http/list.js';
import { PlatformModule } from '../../src/runtime/platform.module.js';
import type { Runtime } from '../../src/runtime/runtime.js';
import { platformTables } from '../../src/outbox/tables.js';
import { refusedPort } from '../../src/testing/refused-port.js';
import { createTestDatabase, type TestDatabase } from '../../src/testing/test-database.js';
import { createTestRuntime } from '../../src/testing/test-runtime.js';

// The marketing service's real migrations give this test app its platform tables.
const tables = platformTables('marketing');
const schema = { ...tables, extra: pgSchema('marketing').table('unused', { id: text('id') }) };

class CreateThingDto {
  @IsString()
  @MaxLength(10)
  name!: string;

  @IsInt()
  @Min(1)
  @Max(5)
  qty!: number;
}

class ThingsQuery extends ListQueryDto {}

@Controller('marketing/things')
class ThingsController {
  @Post()
  create(@Body() body: CreateThingDto) {
    return { created: body };
  }

  @Get()
  list(@Query() q: ThingsQuery) {
    const sort = parseSort(q.sort, ['name', 'created_at'] as const, { field: 'name', desc: false });
    return listResponse([{ offset: q.offset ?? 0, limit: q.limit ?? 10, sort }], 1);
  }

  @Get('domain-error')
  domain() {
    throw new DomainError('invalid_product', 'Solo productos del proveedor', 400);
  }

  /** A statement on a database whose port refuses connections: what every route does while PostgreSQL is down. */
  @Get('database-down')
  async databaseDown() {
    const databaseUrl = `postgres://postgres@127.0.0.1:${await refusedPort()}/none`;
    const db = await openDatabase({ databaseUrl, dataDir: '/nonexistent', poolMax: 1 });
    try {
      return await db.drizzle({}).execute(sql`select 1`);
    } finally {
      await db.close();
    }
  }

  @Get('crash')
  crash() {
    throw new Error('relation "secret_table" does not exist at /srv/app.js:10');
  }
}

@Module({
  imports: [
    PlatformModule.forService({
      name: 'marketing',
      schema,
      tables: { outbox: tables.outbox, inbox: tables.inbox, jobs: tables.jobs, pings: tables.pings },
      migrationsFolder: fileURLToPath(new URL('../../../../services/marketing/drizzle', import.meta.url)),
    }),
  ],
  controllers: [ThingsController],
})
class TestModule {}

describe('a service app built by the kernel', () => {
  let tdb: TestDatabase;
  let runtime: Runtime;
  let svc: ServiceApp;

  beforeAll(async () => {
    tdb = await createTestDatabase('http');
    runtime = await createTestRuntime(tdb);
    svc = await createServiceApp({ name: 'marketing', module: TestModule }, runtime);
    await svc.app.getHttpAdapter().getInstance().ready();
  });
  afterAll(async () => {
    await svc?.app.close();
    await runtime?.close();
    await tdb?.destroy();
  });

  const inject = (opts: Parameters<ServiceApp['app']['inject']>[0]) => svc.app.inject(opts);

  it('validates bodies and refuses unknown fields with 400 and a code', async () => {
    const ok = await inject({ method: 'POST', url: '/marketing/things', payload: { name: 'mesa', qty: 2 } });
    expect(ok.statusCode).toBe(201);
    const unknown = await inject({ method: 'POST', url: '/marketing/things', payload: { name: 'mesa', qty: 2, admin: true } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'validation_failed', fields: { admin: expect.any(Array) } });
    const bad = await inject({ method: 'POST', url: '/marketing/things', payload: { name: 'x'.repeat(11), qty: 9 } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['name', 'qty']);
  });

  it('answers malformed JSON and oversized bodies with { code, message }', async () => {
    const malformed = await inject({
      method: 'POST',
      url: '/marketing/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('validation_failed');
    const huge = await inject({ method: 'POST', url: '/marketing/things', payload: { name: 'x'.repeat(2_000_000), qty: 1 } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ code: 'payload_too_large', message: 'The request body is larger than allowed' });
  });

  it('reads list queries and refuses bad ones', async () => {
    const ok = await inject({ method: 'GET', url: '/marketing/things?offset=20&limit=30&sort=-created_at' });
    expect(ok.json()).toEqual({ results: [{ offset: 20, limit: 30, sort: { field: 'created_at', desc: true } }], matches_estimated: 1 });
    for (const q of ['offset=-1', 'limit=0', 'limit=1000', 'sort=drop%20table', 'sort=price', 'offset=abc']) {
      const res = await inject({ method: 'GET', url: `/marketing/things?${q}` });
      expect([q, res.statusCode]).toEqual([q, 400]);
      expect(res.json().code).toBe('validation_failed');
    }
  });

  it('maps domain errors and hides unknown ones', async () => {
    expect((await inject({ method: 'GET', url: '/marketing/things/domain-error' })).json()).toEqual({
      code: 'invalid_product',
      message: 'Solo productos del proveedor',
    });
    const crash = await inject({ method: 'GET', url: '/marketing/things/crash' });
    expect(crash.statusCode).toBe(500);
    expect(crash.body).not.toMatch(/secret_table|\/srv/);
    // The database out of reach: a retryable 503 with Retry-After, no driver detail.
    const down = await inject({ method: 'GET', url: '/marketing/things/database-down' });
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toEqual({ code: 'service_unavailable', message: 'The service is temporarily unavailable, try again shortly' });
    expect(down.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    const missing = await inject({ method: 'GET', url: '/marketing/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
  });

  it('has health, metrics, OpenAPI, security headers and request ids', async () => {
    expect((await inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    const ready = await inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks).toEqual({ db: 'ok', bus: 'ok', queue: 'ok' });
    const metrics = await inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toContain('http_request_duration_seconds');
    const doc = (await inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toContain('/marketing/things');
    const res = await inject({ method: 'GET', url: '/health/live', headers: { 'x-request-id': 'req-123' } });
    expect(res.headers['x-request-id']).toBe('req-123');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const generated = await inject({ method: 'GET', url: '/health/live', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(generated.headers['x-request-id']).not.toBe('bad id with spaces');
  });
});
