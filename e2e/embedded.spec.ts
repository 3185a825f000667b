import { expect, test } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbedded, type Stack } from './support/stack.js';

const dataDir = mkdtempSync(join(tmpdir(), 'vitrina-e2e-embedded-'));
let stack: Stack;

test.beforeAll(async () => {
  stack = await startEmbedded(3300, dataDir);
});
test.afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('every service is healthy behind the gateway', async ({ request }) => {
  const res = await request.get(`${stack.url}/api/health`);
  expect(res.status()).toBe(200);
  const body = await res.json();
  for (const s of ['catalogue', 'store', 'cart-checkout', 'orders', 'accounts', 'messaging', 'marketing']) {
    expect(body.services[s]).toBe('ok');
  }
});

test('the web shell loads in Chromium, with the generic and the shop not-found pages', async ({ page }) => {
  await page.goto(`${stack.url}/`);
  await expect(page).toHaveTitle(/Vitrina/);
  await page.goto(`${stack.url}/esto-no-existe`);
  await expect(page.getByText('¡Página no encontrada!')).toBeVisible();
  await page.getByRole('link', { name: 'Regresar a la principal' }).click();
  await expect(page).toHaveURL(`${stack.url}/`);
  await page.goto(`${stack.url}/tienda/no-existe-esta-tienda/`);
  await expect(page.getByText('Lo sentimos, pero la tienda no existe')).toBeVisible();
});

test('forged tokens get 401, a bad body 400 with a code, an oversized body 413', async ({ request }) => {
  const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"u1","aud":"vitrina-api","iss":"vitrina-accounts","exp":9999999999}').toString('base64url')}.`;
  const forged = await request.get(`${stack.url}/api/accounts/_diag/whoami`, { headers: { authorization: `Bearer ${none}` } });
  expect(forged.status()).toBe(401);
  expect((await forged.json()).code).toBe('unauthorized');

  const anonymous = await request.get(`${stack.url}/api/accounts/_diag/whoami`);
  expect(anonymous.status()).toBe(401);

  const bad = await request.post(`${stack.url}/api/marketing/_diag/ping`, { data: { unexpected: true } });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).code).toBe('validation_failed');

  const malformed = await request.post(`${stack.url}/api/marketing/_diag/ping`, {
    data: '{"broken',
    headers: { 'content-type': 'application/json' },
  });
  expect(malformed.status()).toBe(400);

  const huge = await request.post(`${stack.url}/api/marketing/_diag/ping`, { data: { note: 'x'.repeat(2 * 1024 * 1024) } });
  expect(huge.status()).toBe(413);
  expect((await huge.json()).code).toBe('payload_too_large');

  // Nothing crashed: still healthy.
  expect((await request.get(`${stack.url}/api/health`)).status()).toBe(200);
});

test('an event goes from one service to another through outbox, bus and inbox, and data survives a restart', async ({ request }) => {
  const sent = await request.post(`${stack.url}/api/marketing/_diag/ping`, { data: {} });
  expect(sent.status()).toBe(201);
  const { id } = await sent.json();
  await expect
    .poll(async () => (await request.get(`${stack.url}/api/messaging/_diag/pings/${id}`)).status(), { timeout: 10_000 })
    .toBe(200);

  await stack.stop();
  stack = await startEmbedded(3300, dataDir);
  const again = await request.get(`${stack.url}/api/messaging/_diag/pings/${id}`);
  expect(again.status()).toBe(200);
  expect((await again.json()).from).toBe('marketing');
});
