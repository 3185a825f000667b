import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { DEMO } from '@vitrina/contracts';
import { startEmbedded, type Stack } from './support/stack.js';
import { saveScreenshot } from './support/screenshot.js';

/**
 * The public storefront on `npm start` (issue 4 'Done when'): a visitor browses the demo shop, a level-2 reseller
 * sees commissions, an unknown slug shows the not-found page. Screenshots of home, listing and item page at
 * desktop and phone sizes go to test-results/screenshots/.
 */
const PORT = 3320;
const SHOTS = 'test-results/screenshots';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

let stack: Stack;

test.describe.configure({ mode: 'serial' });
// Spanish first: the texts below are the storefront's Spanish ones.
test.use({ locale: 'es-MX', viewport: DESKTOP });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  stack = await startEmbedded(PORT);
});

test.afterAll(async () => {
  await stack?.stop();
});

const shop = (path = '/') => `${stack.url}/tienda/demo${path}`;

/** "$1,290.00" -> 129000 (minor units). */
function minorOf(text: string): number {
  return Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
}

async function activeSlide(page: Page): Promise<string | null> {
  return page.locator('[data-testid="banner-slide"][data-active]').getAttribute('aria-label');
}

async function screenshot(page: Page, name: string): Promise<void> {
  // Images decode lazily: scroll through once so the full-page shot has them.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo(0, 0);
  });
  // Only the images a full-page shot shows: lazy ones scrolled sideways out of a row (catalogue strip, product
  // rows on a phone) never load, and waiting for them only ran into the timeout.
  await page
    .waitForFunction(
      () =>
        [...document.images]
          .filter((image) => {
            const r = image.getBoundingClientRect();
            return r.width > 0 && r.height > 0 && r.right > 0 && r.left < window.innerWidth;
          })
          .every((image) => image.complete && image.naturalWidth > 0),
      undefined,
      { timeout: 30_000 },
    )
    .catch(() => {});
  await saveScreenshot(page, { path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('a visitor opens the demo shop and sees the banners rotate', async ({ page }) => {
  await page.goto(shop('/'));
  await expect(page).toHaveTitle('Bazar de Daniela');
  await expect(page.getByRole('banner').getByText('Bazar de Daniela')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Catálogos de la tienda' })).toBeVisible();
  await expect(page.getByTestId('header-block')).toBeVisible();
  await expect(page.getByTestId('home-row-product').getByTestId('product-card').first()).toBeVisible();

  // spec 1 §9: autoplay every 5 s (fade of 500 ms).
  const region = page.getByRole('region', { name: 'Promociones' });
  await expect(region).toBeVisible();
  const first = await activeSlide(page);
  await page.mouse.move(0, 0); // not hovering: hovering pauses the carousel
  await expect.poll(() => activeSlide(page), { timeout: 12_000 }).not.toBe(first);

  // Hovering pauses it.
  await region.hover();
  const paused = await activeSlide(page);
  await page.waitForTimeout(6_000);
  expect(await activeSlide(page)).toBe(paused);
  await page.mouse.move(0, 0);

  await screenshot(page, 'home-desktop');
});

test('a visitor searches with autocomplete and opens a suggestion', async ({ page }) => {
  await page.goto(shop('/'));
  await page.getByRole('button', { name: 'Buscar en la tienda' }).click();
  const input = page.getByLabel('¿Qué estás buscando?');
  await input.fill('talav');
  const suggestions = page.getByTestId('search-suggestion');
  await expect(suggestions.first()).toBeVisible({ timeout: 10_000 });
  expect(await suggestions.count()).toBeLessThanOrEqual(5);
  await expect(suggestions.first()).toContainText(/talavera/i);

  await input.fill('zzzzqqq');
  await expect(page.getByText('No encontramos productos para «zzzzqqq»')).toBeVisible({ timeout: 10_000 });

  await input.fill('talav');
  await expect(suggestions.first()).toBeVisible({ timeout: 10_000 });
  const name = (await suggestions.first().innerText()).trim();
  await suggestions.first().click();
  await expect(page).toHaveURL(/\/tienda\/demo\/productos\/[^/]+\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('a visitor pages and sorts /productos, checking the order', async ({ page }) => {
  await page.goto(shop('/productos'));
  await expect(page.getByRole('heading', { level: 1, name: 'Productos' })).toBeVisible();
  const cards = page.getByTestId('item-grid').getByTestId('product-card');
  await expect(cards.first()).toBeVisible();
  await screenshot(page, 'listing-desktop');

  // Menor precio: ascending prices (free items first, they cost 0).
  await page.getByLabel('Ordenar por').selectOption('list_price');
  await expect(page).toHaveURL(/sort=list_price/);
  await expect(cards.first()).toBeVisible();
  await expect.poll(async () => isAscending(await priceOrder(page))).toBe(true);
  const ascending = await priceOrder(page);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

  // Mayor precio: descending.
  await page.getByLabel('Ordenar por').selectOption('-list_price');
  await expect(page).toHaveURL(/sort=-list_price/);
  await expect.poll(async () => (await priceOrder(page))[0]).toBeGreaterThan(ascending[0]);
  const descending = await priceOrder(page);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));

  // Page 2 keeps the sort and continues below the last price of page 1.
  const lastOfPage1 = descending.at(-1)!;
  await page.getByRole('button', { name: 'Página 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(/sort=-list_price/);
  await expect.poll(async () => (await priceOrder(page))[0]).toBeLessThanOrEqual(lastOfPage1);
});

function isAscending(prices: number[]): boolean {
  return prices.every((price, index) => index === 0 || prices[index - 1] <= price);
}

async function priceOrder(page: Page): Promise<number[]> {
  const cards = page.getByTestId('item-grid').getByTestId('product-card');
  await expect(cards.first()).toBeVisible();
  // While the next sort or page loads, the previous results stay on screen, dimmed and aria-busy: read the prices
  // only once they are the new ones (CI read the unsorted first page once, before the sorted one arrived).
  await expect(page.locator('[aria-busy="true"]').filter({ has: page.getByTestId('item-grid') })).toHaveCount(0);
  const texts = await cards.evaluateAll((elements) =>
    elements.map((card) => card.querySelector('[data-testid="card-price"]')?.textContent ?? ''),
  );
  return texts.filter((text) => text !== '').map((text) => (/\d/.test(text) ? minorOf(text) : 0));
}

test('a visitor opens an item page', async ({ page }) => {
  await page.goto(shop('/productos'));
  const card = page.getByTestId('item-grid').getByTestId('product-card').first();
  const name = (await card.getByRole('link').first().innerText()).trim();
  await card.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('item-availability')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Agregar al carrito' })).toBeEnabled();
  await page.getByRole('button', { name: 'Política de devoluciones' }).click();
  await expect(page.getByRole('dialog', { name: 'Política de devoluciones' })).toBeVisible();
  await page.keyboard.press('Escape');
  await screenshot(page, 'item-desktop');
});

test('a signed-in user opens a catalogue and copies its link (share options: non-anonymous users, after 3 s)', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
  await page.goto(shop('/'));
  await page.getByRole('navigation', { name: 'Catálogos de la tienda' }).getByRole('link', { name: 'Lo más vendido' }).click();
  await expect(page).toHaveURL(/\/tienda\/demo\/catalogos\/[^/?]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lo más vendido' })).toBeVisible();
  await expect(page.getByTestId('item-grid').getByTestId('product-card').first()).toBeVisible();
  // spec 1 §6: an anonymous visitor gets no share options.
  await page.waitForTimeout(3_500);
  await expect(page.getByTestId('copy-catalogue-link')).toHaveCount(0);

  await page.getByRole('button', { name: 'Iniciar sesión' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Correo electrónico/).fill(DEMO.users.reseller.email);
  await dialog.getByLabel(/^Contraseña/).fill(DEMO.password);
  await dialog.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await page.getByTestId('copy-catalogue-link').click({ timeout: 15_000 });
  await expect(page.getByTestId('copy-catalogue-link')).toHaveText('Copiado');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(page.url());
  await page.getByRole('link', { name: 'Ver más catálogos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Catálogos' })).toBeVisible();
});

test('the home, listing and item page on a phone', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-MX', viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(shop('/'));
  await expect(page.getByTestId('home-row-product').getByTestId('product-card').first()).toBeVisible();
  await screenshot(page, 'home-phone');
  // The shop menu is a drawer on phones.
  await page.getByRole('button', { name: 'Abrir el menú' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Productos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Productos' })).toBeVisible();
  await expect(page.getByTestId('item-grid').getByTestId('product-card').first()).toBeVisible();
  await screenshot(page, 'listing-phone');
  await page.getByTestId('item-grid').getByTestId('product-card').first().getByRole('link').first().click();
  await expect(page.getByTestId('item-availability')).toBeVisible();
  await screenshot(page, 'item-phone');
  await context.close();
});

test('an unknown shop slug shows the not-found page', async ({ page }) => {
  await page.goto(`${stack.url}/tienda/esta-tienda-no-existe/`);
  await expect(page.getByRole('heading', { name: 'Lo sentimos, pero la tienda no existe' })).toBeVisible();
  await page.goto(shop('/no-hay-tal-pagina'));
  await expect(page.getByRole('heading', { name: '¡Página no encontrada!' })).toBeVisible();
});

test('a level-2 reseller sees commissions on cards', async ({ page }) => {
  await page.goto(shop('/productos'));
  // No commissions for a visitor.
  await expect(page.getByTestId('item-grid').getByTestId('product-card').first()).toBeVisible();
  await expect(page.getByTestId('card-commission')).toHaveCount(0);

  await page.getByRole('button', { name: 'Iniciar sesión' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Correo electrónico/).fill(DEMO.users.reseller.email);
  await dialog.getByLabel(/^Contraseña/).fill(DEMO.password);
  await dialog.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });

  await page.goto(shop('/productos'));
  await expect(page.getByTestId('card-commission').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Precio público').first()).toBeVisible();
  // Items that are not dropshipping say so instead.
  await expect(page.getByTestId('card-not-for-resale').first()).toBeVisible();
  // The resale-info toggle hides them (cookie, 365 days).
  const toggle = page.getByRole('switch', { name: 'Ver información de reventa' });
  await expect(toggle).toBeChecked();
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).not.toBeChecked();
  await expect(page.getByTestId('card-commission')).toHaveCount(0);
  await page.keyboard.press('Space');
  await expect(page.getByTestId('card-commission').first()).toBeVisible();
});
