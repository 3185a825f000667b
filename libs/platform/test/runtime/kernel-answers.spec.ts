/**
 * The kernel's own routes answer what their contracts say (issue 10 §1): `_diag` ping, pings and whoami (checked
 * by the answer interceptor too: this runs with NODE_ENV=test, where a mismatch is a 500), health and `_ping`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Module } from '@nestjs/common';
import { fileURLToPath } from 'node:url';
import {
  ApiErrorSchema,
  DiagPingReceivedSchema,
  DiagPingSentSchema,
  DiagWhoamiSchema,
  GroupPingSchema,
  HealthLiveSchema,
  HealthReadySchema,
} from '@vitrina/contracts';
import { createServiceApp, type ServiceApp } from '../../src/http/bootstrap.js';
import { PlatformModule } from '../../src/runtime/platform.module.js';
import type { Runtime } from '../../src/runtime/runtime.js';
import { platformTables } from '../../src/outbox/tables.js';
import { TokenSigner } from '../../src/auth/tokens.js';
import { createTestDatabase, type TestDatabase } from '../../src/testing/test-database.js';
import { createTestRuntime } from '../../src/testing/test-runtime.js';

// The marketing service's real migrations give this app its platform tables (outbox, inbox, jobs, pings).
const tables = platformTables('marketing');

@Module({
  imports: [
    PlatformModule.forService({
      name: 'marketing',
      schema: { ...tables },
      tables: { outbox: tables.outbox, inbox: tables.inbox, jobs: tables.jobs, pings: tables.pings },
      migrationsFolder: fileURLToPath(new URL('../../../../services/marketing/drizzle', import.meta.url)),
    }),
  ],
})
class KernelOnlyModule {}

describe("the kernel's own routes", () => {
  let tdb: TestDatabase;
  let runtime: Runtime;
  let svc: ServiceApp;

  beforeAll(async () => {
    tdb = await createTestDatabase('kernel_answers');
    runtime = await createTestRuntime(tdb);
    svc = await createServiceApp({ name: 'marketing', module: KernelOnlyModule }, runtime);
    await svc.app.getHttpAdapter().getInstance().ready();
  });
  afterAll(async () => {
    await svc?.app.close();
    await runtime?.close();
    await tdb?.destroy();
  });

  const inject = (opts: Parameters<ServiceApp['app']['inject']>[0]) => svc.app.inject(opts);

  it('diagnostics answer their schemas: ping sent, ping received (or 404 before), whoami', async () => {
    const sent = await inject({ method: 'POST', url: '/marketing/_diag/ping', payload: {} });
    expect(sent.statusCode).toBe(201);
    const { id } = DiagPingSentSchema.parse(sent.json());

    const unknown = await inject({ method: 'GET', url: '/marketing/_diag/pings/00000000-0000-7000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    ApiErrorSchema.parse(unknown.json());

    // The ping goes out through the outbox and comes back through the bus to this service's own consumer.
    const lookUp = () => inject({ method: 'GET', url: `/marketing/_diag/pings/${id}` });
    let received = await lookUp();
    for (let i = 1; i < 300 && received.statusCode !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      received = await lookUp();
    }
    expect(received.statusCode).toBe(200);
    expect(DiagPingReceivedSchema.parse(received.json())).toMatchObject({ id, from: 'marketing' });

    const signer = TokenSigner.fromKeys(runtime.keys, { issuer: runtime.config.AUTH_ISSUER, audience: runtime.config.AUTH_AUDIENCE });
    for (const sessionId of [undefined, 'session-1']) {
      const token = await signer.sign({ id: 'user-1', level: 2, keychain: ['referral'], ...(sessionId ? { sessionId } : {}) });
      const whoami = await inject({ method: 'GET', url: '/marketing/_diag/whoami', headers: { authorization: `Bearer ${token}` } });
      expect(whoami.statusCode).toBe(200);
      expect(DiagWhoamiSchema.parse(whoami.json())).toMatchObject({ id: 'user-1', level: 2, keychain: ['referral'] });
    }
  }, 120_000);

  it('health and _ping answer their schemas', async () => {
    HealthLiveSchema.parse((await inject({ method: 'GET', url: '/health/live' })).json());
    HealthReadySchema.parse((await inject({ method: 'GET', url: '/health/ready' })).json());
    for (const group of ['marketing', 'crm-admin']) {
      const ping = await inject({ method: 'GET', url: `/${group}/_ping` });
      expect(GroupPingSchema.parse(ping.json())).toEqual({ ok: true, service: 'marketing' });
    }
  });
});
