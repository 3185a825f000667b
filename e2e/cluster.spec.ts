import { expect, test } from '@playwright/test';
import { servicesRequired, startCluster, type Stack } from './support/stack.js';

const available = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
if (!available && servicesRequired()) throw new Error('cluster e2e: DATABASE_URL and REDIS_URL are required (REQUIRE_SERVICES=1)');
if (!available) console.warn('SKIP cluster e2e: DATABASE_URL or REDIS_URL is not set');

test.describe('distributed run: separate processes, PostgreSQL, Redis Streams', () => {
  test.skip(!available, 'needs DATABASE_URL and REDIS_URL');
  let stack: Stack;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    // Two instances of messaging consume side by side; each event is handled by one of them.
    stack = await startCluster(3400, { CLUSTER_INSTANCES: 'messaging:2' });
  });
  test.afterAll(async () => {
    await stack?.stop();
  });

  test('one event travels outbox -> Redis Streams -> inbox between two service processes', async ({ request }) => {
    const health = await request.get(`${stack.url}/api/health`);
    expect(health.status()).toBe(200);
    const sent = await request.post(`${stack.url}/api/marketing/_diag/ping`, { data: { note: 'cluster' } });
    expect(sent.status()).toBe(201);
    const { id } = await sent.json();
    await expect
      .poll(async () => (await request.get(`${stack.url}/api/messaging/_diag/pings/${id}`)).status(), { timeout: 20_000 })
      .toBe(200);
    const got = await (await request.get(`${stack.url}/api/messaging/_diag/pings/${id}`)).json();
    expect(got.from).toBe('marketing');
    // Every other service received it too (each consumer group gets every event).
    for (const group of ['catalogue', 'store', 'orders', 'accounts']) {
      await expect
        .poll(async () => (await request.get(`${stack.url}/api/${group}/_diag/pings/${id}`)).status(), { timeout: 20_000 })
        .toBe(200);
    }
  });
});
