import { expect, test } from '@playwright/test';
import config from '../playwright.config.js';
import { startEmbedded, type Stack } from './support/stack.js';

/**
 * A shop served at the root of its own host (spec 1 §2 'Shop paths'), on `npm start`: `vitrina.test` is made a
 * platform host, so `demo.vitrina.test` is the demo shop's sub-domain; Chromium resolves every *.vitrina.test
 * name to this machine. The visitor sees root paths in the address bar; the server-rendered head is the shop's.
 */
const PORT = 3350;
const PLATFORM_HOSTS = 'localhost,127.0.0.1,::1,vitrina.test';
const launchOptions = config.use?.launchOptions ?? {};

let stack: Stack;
let previousPlatformHosts: string | undefined;

test.describe.configure({ mode: 'serial' });
test.use({
  locale: 'es-MX',
  viewport: { width: 1280, height: 900 },
  launchOptions: { ...launchOptions, args: [...(launchOptions.args ?? []), '--host-resolver-rules=MAP *.vitrina.test 127.0.0.1'] },
});

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // The launcher's child process inherits the environment: the gateway reads PLATFORM_HOSTS from it.
  previousPlatformHosts = process.env.PLATFORM_HOSTS;
  process.env.PLATFORM_HOSTS = PLATFORM_HOSTS;
  try {
    stack = await startEmbedded(PORT);
  } finally {
    if (previousPlatformHosts === undefined) delete process.env.PLATFORM_HOSTS;
    else process.env.PLATFORM_HOSTS = previousPlatformHosts;
  }
});

test.afterAll(async () => {
  await stack?.stop();
});

const ORIGIN = `http://demo.vitrina.test:${PORT}`;

test('a visitor browses the demo shop on its own host with root paths', async ({ page }) => {
  await page.goto(`${ORIGIN}/`);
  await expect(page).toHaveURL(`${ORIGIN}/`);
  await expect(page).toHaveTitle('Bazar de Daniela');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${ORIGIN}/`);
  await expect(page.locator('meta[name="vitrina:shop-host"]')).toHaveAttribute('content', 'demo');
  await expect(page.getByRole('banner').getByText('Bazar de Daniela')).toBeVisible();
  await expect(page.getByTestId('home-row-product').getByTestId('product-card').first()).toBeVisible();
  // Every link into the shop is written from the root.
  await expect(page.locator('a[href*="/tienda/demo"]')).toHaveCount(0);

  await page
    .getByRole('banner')
    .getByRole('navigation', { name: 'Secciones de la tienda' })
    .getByRole('link', { name: 'Productos' })
    .click();
  await expect(page).toHaveURL(`${ORIGIN}/productos`);
  await expect(page.getByRole('heading', { level: 1, name: 'Productos' })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Ruta de navegación' });
  await expect(crumbs.getByRole('link', { name: 'Bazar de Daniela' })).toHaveAttribute('href', '/');

  const card = page.getByTestId('item-grid').getByTestId('product-card').first();
  await expect(card).toBeVisible();
  const name = (await card.getByRole('link').first().innerText()).trim();
  await card.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`^${ORIGIN.replace(/\./g, '\\.')}/productos/[^/]+/[^/?]+$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link', { name: 'Productos' })).toHaveAttribute(
    'href',
    '/productos',
  );
  await expect(page.locator('a[href*="/tienda/demo"]')).toHaveCount(0);

  // Opened directly (a shared link), the item page gets its own head from the server, canonical on this host.
  const itemUrl = page.url();
  const response = await page.goto(itemUrl);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(`${name} | Bazar de Daniela`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', itemUrl);
  const product = JSON.parse((await page.locator('script[type="application/ld+json"][data-page-head]').textContent()) ?? '{}') as {
    '@type'?: string;
    name?: string;
    offers?: { url?: string };
  };
  expect(product).toMatchObject({ '@type': 'Product', name, offers: { url: itemUrl } });
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // The browser's back button walks the same root paths.
  await page.goBack();
  await expect(page).toHaveURL(`${ORIGIN}/productos`);
});

test('a host that is no shop shows a not-found page, not another shop', async ({ page }) => {
  const response = await page.goto(`http://no-existe.vitrina.test:${PORT}/productos`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Tienda no encontrada' })).toBeVisible();
  await expect(page.getByText('Bazar de Daniela')).toHaveCount(0);
});

test("the platform's host keeps /tienda/{slug}/ paths", async ({ page }) => {
  await page.goto(`${stack.url}/tienda/demo/`);
  await expect(page).toHaveTitle('Bazar de Daniela');
  await expect(page.locator('meta[name="vitrina:shop-host"]')).toHaveCount(0);
  await page
    .getByRole('banner')
    .getByRole('navigation', { name: 'Secciones de la tienda' })
    .getByRole('link', { name: 'Productos' })
    .click();
  await expect(page).toHaveURL(`${stack.url}/tienda/demo/productos`);
});
