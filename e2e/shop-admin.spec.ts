import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { DEMO, DEMO_ITEMS, demoCatalogueId } from '@vitrina/contracts';
import { startEmbedded, type Stack } from './support/stack.js';
import { saveScreenshot } from './support/screenshot.js';

/**
 * In-place shop editing (issue 5, "Done when"): the demo owner edits the shop through the owner tools as a
 * real user would (sign-in modal, drop zones, drag and drop, undo countdowns); a visitor in a fresh browser
 * sees every change; another owner sees no edit control and gets 403 from every admin endpoint.
 * The tests run in order on one stack: each builds on the shop the previous one left.
 */
const PORT = 3330;
let stack: Stack;

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'es-MX', viewport: { width: 1280, height: 900 } });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // Every browser context here comes from 127.0.0.1: the journeys (dozens of pages and hundreds of images a minute,
  // one after the other) would meet the gateway's per-address limit (600/min), which is not what they test.
  stack = await startEmbedded(PORT, undefined, { RATE_LIMIT_PER_IP: '100000' });
});

test.afterAll(async () => {
  await stack?.stop();
});

const FIXTURES = resolve(import.meta.dirname, 'fixtures');
const shop = (path = '/') => `${stack.url}/tienda/demo${path}`;

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(shop('/'));
  await page.getByRole('banner').getByRole('button', { name: 'Iniciar sesión' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /Correo electrónico/ }).fill(email);
  await dialog.getByLabel(/^Contraseña/).fill(DEMO.password);
  await dialog.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

/** The owner's editors sit in the toolbar's 'Editar' menu (issue 10 §3: the toolbar covers nothing). */
async function openOwnerTool(page: Page, tool: string): Promise<void> {
  await page.getByTestId('owner-tools-menu').click();
  await page.getByTestId(`owner-tool-${tool}`).click();
}

async function signInOwner(page: Page): Promise<void> {
  await signIn(page, DEMO.users.demoOwner.email);
  await expect(page.getByTestId('owner-tools')).toBeVisible({ timeout: 15_000 });
}

/** A visitor: a fresh browser context, no cookies or storage shared with the owner. */
async function freshVisitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'es-MX', viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** Opens a file chooser by clicking a gallery drop zone (as a user does) and picks a fixture. */
async function uploadThrough(page: Page, dropZone: Locator, fixture: string): Promise<string> {
  const chooser = page.waitForEvent('filechooser');
  const uploaded = page.waitForResponse((res) => res.request().method() === 'POST' && /\/api\/gallery\//.test(res.url()));
  await dropZone.click();
  await (await chooser).setFiles(resolve(FIXTURES, fixture));
  const res = await uploaded;
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { url: string }).url;
}

/** Reloads the visitor's page until `check` passes (the storefront's projections are eventually consistent). */
/**
 * The banner slide showing `image`: only the shown slide and the next load their images (issue 10 §3), so the
 * carousel's dots are walked until that banner is the one shown.
 */
async function bannerSlideWith(page: Page, image: string) {
  const dots = page.getByRole('region', { name: 'Promociones' }).getByRole('tab');
  // The dots come once the carousel has measured its slides; each one shown keeps its image.
  await expect(dots.first()).toBeVisible();
  const count = await dots.count();
  for (let i = 0; i < count; i++) await dots.nth(i).click();
  return page.getByTestId('banner-slide').filter({ has: page.locator(`img[src="${image}"]`) });
}

async function eventually(page: Page, url: string, check: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await page.goto(url);
    await check();
  }).toPass({ timeout: 20_000, intervals: [500, 1_000, 2_000] });
}

const NEW_NAME = `Bazar renovado ${Date.now() % 100000}`;
/** What the owner's tests uploaded, for the visitor's final look at the whole shop. */
const uploaded = { logo: '', banner: '' };

test('the demo owner renames the shop and changes the logo through the gallery drop zone', async ({ page, browser }) => {
  await signInOwner(page);
  await openOwnerTool(page, 'identity');
  const dialog = page.getByRole('dialog', { name: 'Imagen y nombre de la tienda' });
  const name = dialog.getByTestId('shop-name-input');
  await name.fill('');
  await dialog.getByTestId('shop-identity-save').click();
  await expect(dialog.getByText('Este campo es obligatorio')).toBeVisible();
  await name.fill(NEW_NAME);
  // spec 1 §5: the recommended logo size is shown.
  await expect(dialog.getByText('Tamaño recomendado: 1000x1000 px')).toBeVisible();
  const logo = await uploadThrough(page, dialog.getByTestId('shop-logo-drop'), 'logo.png');
  uploaded.logo = logo;
  await expect(dialog.locator(`img[src="${logo}"]`)).toBeVisible();
  await dialog.getByTestId('shop-identity-save').click();
  await expect(page.getByText('La tienda se actualizó')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('banner').getByText(NEW_NAME)).toBeVisible();
  await expect(page.getByRole('banner').locator(`img[src="${logo}"]`)).toBeVisible();

  const visitor = await freshVisitor(browser);
  await visitor.goto(shop('/'));
  await expect(visitor.getByRole('banner').getByText(NEW_NAME)).toBeVisible();
  await expect(visitor.getByRole('banner').locator(`img[src="${logo}"]`)).toBeVisible();
  // The logo really is served.
  expect((await visitor.request.get(new URL(logo, stack.url).toString())).status()).toBe(200);
  await expect(visitor.getByTestId('owner-tools')).toHaveCount(0);
  await visitor.context().close();
});

test('the demo owner adds a 2-column banner with desktop and mobile images and a URL link', async ({ page, browser }) => {
  await signInOwner(page);
  await openOwnerTool(page, 'banners');
  const dialog = page.getByRole('dialog', { name: 'Carrusel de banners' });
  await expect(dialog.getByTestId('banner-row').first()).toBeVisible();
  // The column-count switch: the demo shop starts with 2 columns; go to 1 and back to 2, each saved.
  await dialog.getByTestId('banner-columns').getByText('1 columna').click();
  await expect(page.getByText('Se actualizó el número de columnas').first()).toBeVisible();
  await dialog.getByTestId('banner-columns').getByText('2 columnas').click();
  await expect(dialog.locator('table[data-columns="2"]')).toBeVisible();

  await dialog.getByTestId('banner-add').click();
  await expect(dialog.getByText('Agregar banner').first()).toBeVisible();
  // Images are required.
  await dialog.getByTestId('banner-save').click();
  await expect(dialog.getByText('La imagen es obligatoria').first()).toBeVisible();
  const desktop = await uploadThrough(page, dialog.getByTestId('banner-desktop-drop'), 'banner-desktop.png');
  const mobile = await uploadThrough(page, dialog.getByTestId('banner-mobile-drop'), 'banner-mobile.jpg');
  uploaded.banner = desktop;
  await expect(dialog.locator(`img[src="${desktop}"]`)).toBeVisible();
  await expect(dialog.locator(`img[src="${mobile}"]`)).toBeVisible();
  // Link type: product, then back to URL.
  await dialog.getByText('Producto', { exact: true }).click();
  await expect(dialog.getByRole('textbox', { name: 'URL' })).toHaveCount(0);
  await dialog.getByText('URL', { exact: true }).click();
  await dialog.getByRole('textbox', { name: 'URL' }).fill('https://vitrina.local/promo-banner');
  await dialog.getByTestId('banner-save').click();
  await expect(page.getByText('El banner se creó')).toBeVisible();
  // Back to the list, which shows the new banner.
  await expect(dialog.getByTestId('banner-add')).toBeVisible();
  await expect(dialog.getByTestId('banner-row').filter({ hasText: 'https://vitrina.local/promo-banner' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  const visitor = await freshVisitor(browser);
  await eventually(visitor, shop('/'), async () => {
    const slide = await bannerSlideWith(visitor, desktop);
    await expect(slide).toHaveCount(1, { timeout: 3_000 });
    // The phone picture comes as the gallery's WebP variants of the mobile upload ({id}-{width}.webp).
    await expect(slide.locator(`source[srcset*="${mobile.replace(/\.[a-z]+$/, '')}-320.webp"]`)).toHaveCount(1);
    await expect(slide.locator('a[href="https://vitrina.local/promo-banner"]')).toHaveAttribute('target', '_blank');
  });
  await expect(visitor.locator('section[data-columns="2"]').first()).toBeVisible();
  await visitor.context().close();
});

test('the demo owner adds a header with a "Comprar ahora" button', async ({ page, browser }) => {
  await signInOwner(page);
  // Header editor: list -> form -> back to the list after saving.
  await openOwnerTool(page, 'headers');
  await page.getByTestId('header-add').click();
  await page.getByTestId('header-title').fill('x'.repeat(31));
  await page.getByTestId('header-save').click();
  await expect(page.getByText('Máximo 30 caracteres')).toBeVisible();
  await page.getByTestId('header-title').fill('Ofertas de temporada');
  await page.getByTestId('header-action').click();
  await page.getByRole('option', { name: 'Enlace' }).click();
  await page.getByTestId('header-button-label').click();
  await page.getByRole('option', { name: 'Comprar ahora' }).click();
  await page.getByTestId('header-url').fill('https://vitrina.local/ofertas');
  await page.getByTestId('header-save').click();
  await expect(page.getByText('La sección se creó')).toBeVisible();
  await expect(page.getByTestId('header-row').filter({ hasText: 'Ofertas de temporada' })).toBeVisible();
  // The storefront shows the first header: delete the seeded ones so the new one is shown.
  const others = page.getByTestId('header-row').filter({ hasNotText: 'Ofertas de temporada' });
  for (let left = await others.count(); left > 0; left -= 1) {
    await others.first().getByRole('button', { name: 'Eliminar' }).click();
    await expect(others).toHaveCount(left - 1);
  }
  await expect(page.getByTestId('header-row')).toHaveCount(1);
  await page.keyboard.press('Escape');

  const visitor = await freshVisitor(browser);
  await visitor.goto(shop('/'));
  await expect(visitor.getByTestId('header-block').getByText('Ofertas de temporada')).toBeVisible({ timeout: 15_000 });
  await expect(visitor.getByTestId('header-block').getByText('Comprar ahora')).toBeVisible();
  await expect(visitor.getByTestId('owner-tools')).toHaveCount(0);
  await visitor.context().close();
});

const CAT = {
  best: 'Lo más vendido',
  gifts: 'Regalos artesanales',
  coffee: 'Para los amantes del café',
  experiences: 'Experiencias únicas',
  season: 'Selección especial de temporada',
} as const;
const FORK_NAME = 'Café de Olga en mi tienda';

/** Drags a row of "Mis catálogos" by its handle onto another row, with real mouse moves (dnd-kit pointer sensor). */
async function dragRow(page: Page, from: Locator, to: Locator): Promise<void> {
  const handle = from.getByTestId('catalogue-drag');
  const source = (await handle.boundingBox())!;
  const target = (await to.getByTestId('catalogue-drag').boundingBox())!;
  const x = source.x + source.width / 2;
  await page.mouse.move(x, source.y + source.height / 2);
  await page.mouse.down();
  // Past the activation distance first, then to the target row in small steps.
  await page.mouse.move(x, source.y + source.height / 2 - 10, { steps: 4 });
  await page.mouse.move(x, target.y + target.height / 2 - 4, { steps: 20 });
  await page.mouse.up();
}

test('the demo owner reorders catalogues by dragging, deletes one and undoes, deletes another, forks another owner’s', async ({
  page,
  browser,
}) => {
  await signInOwner(page);
  const deletes: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'DELETE' && /\/api\/catalogue\/.*\/catalogues\//.test(req.url())) deletes.push(req.url());
  });

  const openCatalogues = async () => {
    await openOwnerTool(page, 'catalogues');
    const dialog = page.getByRole('dialog', { name: /^Mis catálogos/ });
    await expect(dialog.getByTestId('catalogue-row').first()).toBeVisible();
    return dialog;
  };
  let dialog = await openCatalogues();
  const rows = dialog.getByTestId('catalogue-row');
  const row = (name: string) => rows.filter({ hasText: name });
  await expect(rows).toHaveText([CAT.best, CAT.gifts, CAT.coffee, CAT.experiences, CAT.season].map((n) => new RegExp(n)));
  await expect(dialog).toContainText('Mis catálogos (5)');

  // Record every order the table's rows take from now on (React moves the keyed row elements).
  await dialog
    .getByTestId('catalogue-row')
    .first()
    .evaluate((first) => {
      const body = first.parentElement!;
      const seen: string[][] = [];
      (window as unknown as { catalogueOrders: string[][] }).catalogueOrders = seen;
      new MutationObserver(() =>
        seen.push([...body.querySelectorAll('[data-testid="catalogue-row"]')].map((row) => row.getAttribute('data-catalogue-id') ?? '')),
      ).observe(body, { childList: true });
    });
  // Drag 'Experiencias únicas' (4th) to the top: it moves at once, the table locks 2.5 s while the position is saved.
  const moved = page.waitForResponse((res) => /\/catalogues\/[^/]+\/move$/.test(res.url()));
  await dragRow(page, row(CAT.experiences), row(CAT.best));
  const reordered = [CAT.experiences, CAT.best, CAT.gifts, CAT.coffee, CAT.season].map((n) => new RegExp(n));
  const lock = dialog.getByTestId('updating-position');
  await expect(lock).toBeVisible();
  const lockedAt = Date.now();
  await expect(lock).toHaveText('Actualizando posición…');
  await expect(rows).toHaveText(reordered);
  // While locked, the row actions are disabled.
  await expect(row(CAT.best).getByTestId('catalogue-delete')).toBeDisabled();
  expect((await moved).status()).toBe(200);
  // When the lock lifts, the list is read again from the server.
  const reread = page.waitForResponse(
    (res) =>
      res.request().method() === 'GET' &&
      res.url().includes(`/api/catalogue/${DEMO.users.demoOwner.id}:`) &&
      /\/catalogues\?/.test(res.url()),
  );
  await expect(lock).toHaveCount(0, { timeout: 6_000 });
  expect(Date.now() - lockedAt).toBeGreaterThanOrEqual(2_000);
  await expect(rows).toHaveText(reordered);
  expect((await reread).status()).toBe(200);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 50))));
  // From the drop on, the rows only ever showed the new order: no jump back to the old one when the lock lifts.
  const orders = await page.evaluate(() =>
    (window as unknown as { catalogueOrders: string[][] }).catalogueOrders.map((order) => order.join(',')),
  );
  expect([...new Set(orders)]).toEqual([[4, 1, 2, 3, 5].map(demoCatalogueId).join(',')]);
  await expect(row(CAT.best).getByTestId('catalogue-delete')).toBeEnabled();

  // The order survives a reload.
  await page.reload();
  await expect(page.getByTestId('owner-tools')).toBeVisible({ timeout: 15_000 });
  dialog = await openCatalogues();
  await expect(rows).toHaveText(reordered);

  // Delete 'Regalos artesanales' and press Undo inside the 5-second countdown: nothing is sent, it stays.
  await row(CAT.gifts).getByTestId('catalogue-delete').click();
  await expect(row(CAT.gifts)).toContainText(/Eliminando… [1-5]/);
  await row(CAT.gifts).getByTestId('catalogue-undo').click();
  await expect(row(CAT.gifts).getByTestId('catalogue-delete')).toBeVisible();
  await page.waitForTimeout(5_500);
  await expect(row(CAT.gifts)).toHaveCount(1);
  expect(deletes).toEqual([]);

  // Delete the seasonal selection for real: the countdown runs out, the plain delete is refused because the
  // catalogue has products (spec 1 §8), the owner confirms and the forced delete goes; the list shrinks.
  await row(CAT.season).getByTestId('catalogue-delete').click();
  await expect(row(CAT.season)).toContainText(/Eliminando… [1-5]/);
  await page.getByTestId('catalogue-force-delete').click({ timeout: 10_000 });
  await expect(page.getByText('Catálogo eliminado')).toBeVisible({ timeout: 10_000 });
  dialog = page.getByRole('dialog', { name: /^Mis catálogos/ });
  await expect(row(CAT.season)).toHaveCount(0);
  expect(deletes).toHaveLength(2);
  expect(deletes[0]).toContain(demoCatalogueId(5));
  expect(deletes[0]).not.toContain('force=true');
  expect(deletes[1]).toContain('force=true');
  await expect(dialog).toContainText('Mis catálogos (4)');

  // 'Duplicar catálogo': fork Olga's catalogue from its share link.
  await dialog.getByRole('button', { name: 'Duplicar catálogo' }).click();
  const duplicate = page.getByRole('dialog', { name: 'Duplicar catálogo' });
  await duplicate.getByTestId('duplicate-origin').fill(`${stack.url}/tienda/olga/catalogos/cafe-para-empezar-el-dia`);
  await duplicate.getByTestId('duplicate-name').fill(FORK_NAME);
  await duplicate.getByRole('button', { name: 'Duplicar catálogo' }).click();
  await expect(duplicate.getByRole('button', { name: 'Agregando…' })).toBeVisible();
  await expect(page.getByText('El catálogo se copió correctamente')).toBeVisible({ timeout: 15_000 });
  dialog = page.getByRole('dialog', { name: /^Mis catálogos/ });
  await expect(row(FORK_NAME)).toBeVisible();
  await expect(row(FORK_NAME).getByRole('cell').nth(2)).toHaveText('4');
  const expected = [CAT.experiences, CAT.best, CAT.gifts, CAT.coffee, FORK_NAME].map((n) => new RegExp(n));
  await expect(rows).toHaveText(expected);
  await page.keyboard.press('Escape');

  // After a reload the owner still sees the same list.
  await page.reload();
  await expect(page.getByTestId('owner-tools')).toBeVisible({ timeout: 15_000 });
  dialog = await openCatalogues();
  await expect(rows).toHaveText(expected);

  // A visitor sees the new order, the deleted catalogue gone and the forked one with Olga's products.
  const visitor = await freshVisitor(browser);
  await eventually(visitor, shop('/catalogos'), async () => {
    await expect(visitor.getByTestId('catalogue-card')).toHaveText(expected, { timeout: 3_000 });
  });
  await visitor.getByTestId('catalogue-card').filter({ hasText: FORK_NAME }).click();
  await expect(visitor.getByRole('heading', { name: FORK_NAME })).toBeVisible();
  await expect(visitor.getByTestId('product-card')).toHaveCount(4);
  await expect(visitor.getByTestId('product-card').filter({ hasText: 'Café' }).first()).toBeVisible();
  await visitor.context().close();
});

/** Search the add-products modal and return the one card it finds. */
async function pickerCard(dialog: Locator, text: string, name: string): Promise<Locator> {
  await dialog.getByTestId('picker-search').fill(text);
  const card = dialog.getByTestId('picker-card').filter({ hasText: name });
  await expect(card).toHaveCount(1, { timeout: 10_000 });
  return card;
}

test('the demo owner removes products from the store (with the undo) and adds one; a visitor sees it', async ({ page, browser }) => {
  // Names of demo items (services/catalogue demo fixture, DEMO_ITEMS order), all in the demo store at start.
  const keep = { id: DEMO_ITEMS[11].id, name: 'Molcajete de piedra volcánica', search: 'molcajete' };
  const gone = { id: DEMO_ITEMS[12].id, name: 'Vela aromática de copal', search: 'vela' };
  const back = { id: DEMO_ITEMS[13].id, name: 'Tapete de lana de Teotitlán', search: 'tapete' };
  await signInOwner(page);
  const removals: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'DELETE' && /\/store\/items\//.test(req.url())) removals.push(req.url());
  });

  await openOwnerTool(page, 'products');
  const dialog = page.getByRole('dialog', { name: 'Agregar a mi tienda' });
  await expect(dialog.getByTestId('picker-card').first()).toBeVisible();

  // Red remove, then Undo inside the 5 s: the product stays.
  let card = await pickerCard(dialog, keep.search, keep.name);
  await expect(card.getByText('En tu tienda')).toBeVisible();
  await card.getByRole('button', { name: 'Quitar de la tienda' }).click();
  await expect(card).toContainText(/Quitando… [1-5]/);
  await card.getByRole('button', { name: 'Deshacer' }).click();
  await expect(card.getByText('En tu tienda')).toBeVisible();
  await page.waitForTimeout(5_500);
  await expect(card.getByText('En tu tienda')).toBeVisible();
  expect(removals).toEqual([]);

  // Two removals for real, both counting down at once.
  card = await pickerCard(dialog, gone.search, gone.name);
  await card.getByRole('button', { name: 'Quitar de la tienda' }).click();
  await expect(card).toContainText(/Quitando… [1-5]/);
  card = await pickerCard(dialog, back.search, back.name);
  await card.getByRole('button', { name: 'Quitar de la tienda' }).click();
  await expect(card).toContainText(/Quitando… [1-5]/);
  await expect(card.getByRole('button', { name: 'Agregar a la tienda' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('Se quitó de tu tienda').first()).toBeVisible();
  await expect.poll(() => removals.length).toBe(2);
  card = await pickerCard(dialog, gone.search, gone.name);
  await expect(card.getByRole('button', { name: 'Agregar a la tienda' })).toBeVisible({ timeout: 10_000 });

  // A visitor no longer finds either.
  const visitor = await freshVisitor(browser);
  for (const item of [gone, back]) {
    await eventually(visitor, shop(`/buscar?text=${item.search}`), async () => {
      await expect(visitor.getByText(`No encontramos productos para «${item.search}»`)).toBeVisible({ timeout: 3_000 });
      await expect(visitor.getByTestId('product-card').filter({ hasText: item.name })).toHaveCount(0);
    });
  }

  // The green plus adds one back at once.
  card = await pickerCard(dialog, back.search, back.name);
  await card.getByRole('button', { name: 'Agregar a la tienda' }).click();
  await expect(page.getByText('Se agregó a tu tienda')).toBeVisible();
  await expect(card.getByText('En tu tienda')).toBeVisible();
  // Reopening the modal reads the server's flags.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await openOwnerTool(page, 'products');
  await expect((await pickerCard(dialog, back.search, back.name)).getByText('En tu tienda')).toBeVisible();
  await expect((await pickerCard(dialog, gone.search, gone.name)).getByRole('button', { name: 'Agregar a la tienda' })).toBeVisible();
  await expect((await pickerCard(dialog, keep.search, keep.name)).getByText('En tu tienda')).toBeVisible();

  // The visitor finds the added product and the kept one, never the removed one.
  await eventually(visitor, shop(`/buscar?text=${back.search}`), async () => {
    await expect(visitor.getByTestId('product-card').filter({ hasText: back.name })).toHaveCount(1, { timeout: 3_000 });
  });
  await visitor.goto(shop(`/buscar?text=${keep.search}`));
  await expect(visitor.getByTestId('product-card').filter({ hasText: keep.name })).toHaveCount(1);
  await visitor.goto(shop(`/buscar?text=${gone.search}`));
  await expect(visitor.getByText(`No encontramos productos para «${gone.search}»`)).toBeVisible();
  await visitor.context().close();
});

test('a visitor in a fresh browser sees all of the owner’s changes together', async ({ browser }) => {
  expect(uploaded.logo && uploaded.banner).toBeTruthy();
  const visitor = await freshVisitor(browser);
  await visitor.goto(shop('/'));
  const header = visitor.getByRole('banner');
  await expect(header.getByText(NEW_NAME)).toBeVisible();
  await expect(header.locator(`img[src="${uploaded.logo}"]`)).toBeVisible();
  await expect(visitor.getByRole('region', { name: 'Promociones' })).toBeVisible();
  await expect(await bannerSlideWith(visitor, uploaded.banner)).toHaveCount(1);
  await expect(visitor.getByTestId('header-block').getByRole('link', { name: 'Comprar ahora' })).toHaveAttribute(
    'href',
    'https://vitrina.local/ofertas',
  );
  // The catalogue selector strip shows the dragged order, without the deleted one, with the fork last.
  const strip = visitor.getByRole('navigation', { name: 'Catálogos de la tienda' }).getByRole('link');
  await expect(strip).toHaveText(['Todos los catálogos', CAT.experiences, CAT.best, CAT.gifts, CAT.coffee, FORK_NAME]);
  await visitor.goto(shop('/buscar?text=tapete'));
  await expect(visitor.getByTestId('product-card').filter({ hasText: 'Tapete de lana de Teotitlán' })).toHaveCount(1);
  await expect(visitor.getByTestId('owner-tools')).toHaveCount(0);
  await visitor.context().close();
});

test('the demo owner opens the add-products modal on services from the plus beside "Servicios" in the shop menu', async ({ page }) => {
  await signInOwner(page);
  const menu = page.getByRole('banner').getByRole('navigation', { name: 'Secciones de la tienda' });
  const services = page.waitForRequest(
    (req) => /\/store\/products\/search\?/.test(req.url()) && new URL(req.url()).searchParams.get('type') === 'service',
  );
  await menu.getByRole('button', { name: 'Agregar servicios' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agregar a mi tienda' });
  await expect(dialog.getByRole('tab', { name: 'Servicios' })).toHaveAttribute('aria-selected', 'true');
  await services;
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('another owner sees no edit control on the demo shop', async ({ page }) => {
  await signIn(page, DEMO.users.otherOwner.email);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Abrir el menú de tu cuenta' })).toBeVisible({ timeout: 15_000 });
  await page.waitForTimeout(1_500);
  await expect(page.getByTestId('owner-tools')).toHaveCount(0);
  await expect(page.getByTestId('edit-mode')).toHaveCount(0);
  await expect(page.getByTestId('owner-settings')).toHaveCount(0);
  // The shop menu is read-only for them: no plus beside any section.
  await expect(
    page.getByRole('banner').getByRole('navigation', { name: 'Secciones de la tienda' }).getByRole('link', { name: 'Productos' }),
  ).toBeVisible();
  await expect(page.getByTestId(/^menu-add-/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Agregar servicios' })).toHaveCount(0);
});

async function apiSignIn(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post(`${stack.url}/api/auth/login`, { data: { username: email, password: DEMO.password, locale: 'es' } });
  expect(res.status(), await res.text()).toBe(200);
  const auth = (await res.json()) as { access_token: string; token_type: string };
  expect(auth.token_type).toBe('Bearer');
  return auth.access_token;
}

test('every shop-admin endpoint of the demo shop answers 403 to another owner’s token, and nothing changes', async ({ request }) => {
  const token = await apiSignIn(request, DEMO.users.otherOwner.email);
  const demoOwner = DEMO.users.demoOwner.id;
  const store = `/api/store/${demoOwner}:${demoOwner}/affiliate/store`;
  const catalogues = `/api/catalogue/${demoOwner}:${demoOwner}/affiliate/catalogues`;
  const cat = demoCatalogueId(1);
  const banner = '01930000-0000-7000-8009-000000000001';
  const header = '01930000-0000-7000-8009-000000000002';
  const byType = (type: string) => DEMO_ITEMS.find((item) => item.type === type)!.id;
  const product = byType('product');
  const before = await (await request.get(`${stack.url}/api/store/shops/by-slug/demo`)).json();
  const beforeCatalogues = await (
    await request.get(`${stack.url}/api/catalogue/public/referral/demo/catalogues`, { params: { limit: 30 } })
  ).json();

  type Route = [method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown];
  const routes: Route[] = [
    // shop identity and settings (admin/configuracion included)
    ['GET', store],
    ['PATCH', store, { name: 'Tienda robada' }],
    ['PATCH', store, { photo: '/api/gallery/files/x.png', photo_display: 'sq', columns: 1, color1: '#000000' }],
    ['PATCH', store, { facebook: 'robada', discord: 'https://discord.gg/robada' }],
    ['PATCH', store, { contact_email: 'robo@example.com', whatsapp_phone: '5512345678', darkmode: true }],
    // banners
    ['GET', `${store}/banners`],
    ['POST', `${store}/banners`, { hzt_image: '/a.png', vrt_image: '/b.png', url: 'https://example.com' }],
    ['PATCH', `${store}/banners/${banner}`, { url: 'https://example.com' }],
    ['DELETE', `${store}/banners/${banner}`],
    // headers
    ['GET', `${store}/headers`],
    ['POST', `${store}/headers`, { title: 'Robado' }],
    ['PATCH', `${store}/headers/${header}`, { title: 'Robado' }],
    ['DELETE', `${store}/headers/${header}`],
    // items in store, one of each type
    ['GET', `${store}/items`],
    ['POST', `${store}/items`, { ids: [product] }],
    ['POST', `${store}/items/instore`, { ids: [product] }],
    ...['product', 'service', 'experience', 'digital'].flatMap((type): Route[] => [
      ['PUT', `${store}/items/${byType(type)}`, { id: byType(type), in_store: true }],
      ['DELETE', `${store}/items/${byType(type)}`],
    ]),
    // franchises in store
    ['GET', `${store}/franchises`],
    ['POST', `${store}/franchises/instore`, { franchises: [DEMO.shops.franchise.id] }],
    ['PUT', `${store}/franchises/${DEMO.shops.franchise.id}`],
    ['DELETE', `${store}/franchises/${DEMO.shops.franchise.id}`],
    // catalogues
    ['GET', catalogues],
    ['POST', catalogues, { name: 'Robado' }],
    ['POST', catalogues, { name: 'Robado', origin_id: demoCatalogueId(8) }],
    ['GET', `${catalogues}/${cat}`],
    ['PATCH', `${catalogues}/${cat}`, { name: 'Robado' }],
    ['DELETE', `${catalogues}/${cat}?force=true`],
    ['POST', `${catalogues}/${cat}/move`, { position: 3 }],
    ['GET', `${catalogues}/${cat}/products`],
    ['GET', `${catalogues}/${cat}/products/search`],
    ['POST', `${catalogues}/${cat}/products/add_filtered`, { query: { ids: [product] }, silent: true }],
    ['POST', `${catalogues}/${cat}/products/move`, { product, position: 1 }],
    ['POST', `${catalogues}/${cat}/products/clone`, { origin_id: demoCatalogueId(8) }],
    ['DELETE', `${catalogues}/${cat}/products/${product}`],
    // the add-products modal's owner reads
    ['GET', `/api/catalogue/${demoOwner}:${demoOwner}/affiliate/store/products/search`],
    ['GET', `/api/catalogue/${demoOwner}:${demoOwner}/affiliate/store/dssuppliers/search?text=cafe`],
    // gallery: upload into the demo owner's gallery, delete from it
    ['POST', `/api/gallery/${demoOwner}:${demoOwner}/`, 'multipart'],
    ['POST', `/api/gallery/${demoOwner}:${DEMO.shops.demo.id}/`, 'multipart'],
    ['DELETE', `/api/gallery/${demoOwner}:${demoOwner}/${banner}`],
  ];
  const headers = { authorization: `Bearer ${token}` };
  const png = { name: 'robada.png', mimeType: 'image/png', buffer: await readFile(resolve(FIXTURES, 'logo.png')) };
  const answers: string[] = [];
  for (const [method, path, body] of routes) {
    const url = `${stack.url}${path}`;
    const res =
      body === 'multipart'
        ? await request.fetch(url, { method, headers, multipart: { image: png, name: 'robada', get_main_colors: '5' } })
        : await request.fetch(url, { method, headers, ...(body === undefined ? {} : { data: body }) });
    const code = res.status() === 403 ? ((await res.json()) as { code?: string }).code : await res.text();
    answers.push(`${method} ${path} -> ${res.status()} ${code}`);
  }
  expect(answers).toEqual(routes.map(([method, path]) => `${method} ${path} -> 403 forbidden`));

  // Nothing changed: same shop (name, logo, banners, headers) and the same catalogues.
  const after = await (await request.get(`${stack.url}/api/store/shops/by-slug/demo`)).json();
  expect(after.name).toBe(NEW_NAME);
  expect(after).toEqual(before);
  const afterCatalogues = await (
    await request.get(`${stack.url}/api/catalogue/public/referral/demo/catalogues`, { params: { limit: 30 } })
  ).json();
  expect(afterCatalogues).toEqual(beforeCatalogues);
  // The token itself is good: the other owner can read their own admin shop.
  const own = await request.get(`${stack.url}/api/store/${DEMO.users.otherOwner.id}:${DEMO.users.otherOwner.id}/affiliate/store`, {
    headers,
  });
  expect(own.status()).toBe(200);
  expect(((await own.json()) as { slug: string }).slug).toBe(DEMO.shops.other.slug);
});

/**
 * Issue 15 'Contact entries': a visitor asks about a product from its page (the product-level contact modal); the demo
 * owner finds it under 'Contactos' in the account menu (/me/inbox/contacts), filters the list and opens the entry.
 */
test('a visitor asks about a product; the demo owner reads it under Contactos', async ({ page, browser }) => {
  const question = `¿Tienen esta pieza en color azul? (${Date.now().toString(36)})`;
  const visitor = await freshVisitor(browser);
  await visitor.goto(shop('/productos'));
  const card = visitor.getByTestId('item-grid').getByTestId('product-card').first();
  const itemName = (await card.getByRole('link').first().innerText()).trim();
  await card.getByRole('link').first().click();
  await expect(visitor.getByRole('heading', { level: 1, name: itemName })).toBeVisible();
  await visitor.getByTestId('contact-item-open').click();
  const modal = visitor.getByRole('dialog', { name: 'Preguntar por este producto' });
  await expect(modal.getByTestId('contact-item-name')).toHaveText(itemName);
  // nothing is sent until the fields are right
  await modal.getByTestId('contact-send').click();
  await expect(modal.getByText('Escribe tu nombre')).toBeVisible();
  await modal.getByLabel('Nombre').fill('Vera Visitante');
  await modal.getByLabel('Correo electrónico').fill('vera@example.com');
  await modal.getByLabel('Mensaje').fill(question);
  await modal.getByTestId('contact-send').click();
  await expect(modal.getByTestId('contact-success')).toContainText('¡Gracias! Tu mensaje fue enviado.');
  await visitor.context().close();

  await signInOwner(page);
  await page.getByRole('banner').getByRole('button', { name: 'Abrir el menú de tu cuenta' }).click();
  await page.getByRole('link', { name: 'Contactos' }).click();
  await expect(page).toHaveURL(/\/me\/inbox\/contacts/);
  await page.getByTestId('contact-filter').fill('color azul');
  const row = page.getByTestId('contact-row').filter({ hasText: 'Vera Visitante' });
  await expect(row).toHaveCount(1);
  await saveScreenshot(page, { path: 'test-results/screenshots/contact-list-desktop.png' });
  await row.getByRole('link').click();
  await expect(page.getByTestId('contact-detail-message')).toHaveText(question);
  await expect(page.getByText('vera@example.com')).toBeVisible();
});

/**
 * Issue 15 'Tests': a shopper asks the seller about a product from its page ('Preguntar al vendedor'); the seller,
 * signed in elsewhere with the inbox open, sees it arrive without reloading, with the product card, and answers; the
 * shopper sees the answer arrive live. Then the shopper's inbox on a phone: the list, and the chat alone.
 */
test('a shopper asks the seller about a product; both sides see the conversation live', async ({ page, browser }) => {
  const question = `¿Lo tienen en color azul? (${Date.now().toString(36)})`;
  const answer = 'Sí, nos llega el lunes. ¿Te lo aparto?';
  // the seller (the demo shop's owner) keeps the inbox open
  await signInOwner(page);
  await page.goto(`${stack.url}/me/inbox/messages`);
  await expect(page.getByTestId('inbox-hint')).toBeVisible();

  const shopperContext = await browser.newContext({ locale: 'es-MX', viewport: { width: 1280, height: 900 } });
  const shopper = await shopperContext.newPage();
  await signIn(shopper, DEMO.users.customer.email);
  await shopper.goto(shop('/productos'));
  const card = shopper.getByTestId('item-grid').getByTestId('product-card').first();
  const itemName = (await card.getByRole('link').first().innerText()).trim();
  await card.getByRole('link').first().click();
  await expect(shopper.getByRole('heading', { level: 1, name: itemName })).toBeVisible();
  await shopper.getByTestId('ask-seller').click();
  await expect(shopper).toHaveURL(/\/me\/inbox\/conversation\/[^/?]+\?tag=product/);
  // the product goes with the first message as its card
  await expect(shopper.getByTestId('composer-tag')).toContainText(itemName);
  await shopper.getByTestId('composer-input').fill(question);
  await shopper.getByTestId('composer-input').press('Enter');
  const sent = shopper.getByTestId('chat-message').filter({ hasText: question });
  await expect(sent).toHaveCount(1);
  await expect(sent.getByTestId('message-tag')).toContainText(itemName);
  await expect(shopper.getByTestId('composer-tag')).toHaveCount(0);

  // the seller's open inbox got it without a reload: the row with its unread count, then the chat with the card
  const row = page.getByTestId('inbox-conversation').filter({ hasText: DEMO.users.customer.name });
  await expect(row).toContainText(question.slice(0, 20), { timeout: 15_000 });
  await expect(row.getByTestId('inbox-unread')).toHaveText('1');
  await row.click();
  const received = page.getByTestId('chat-message').filter({ hasText: question });
  await expect(received.getByTestId('message-tag')).toContainText(itemName);
  await expect(row.getByTestId('inbox-unread')).toHaveCount(0);
  await saveScreenshot(page, { path: 'test-results/screenshots/inbox-seller-desktop.png' });
  await page.getByTestId('composer-input').fill(answer);
  await page.getByTestId('composer-send').click();

  // the shopper's open chat got the answer without a reload
  await expect(shopper.getByTestId('chat-message').filter({ hasText: answer })).toHaveCount(1, { timeout: 15_000 });
  await saveScreenshot(shopper, { path: 'test-results/screenshots/inbox-shopper-desktop.png' });

  // on a phone: the list alone, then the chat alone with a way back
  await shopper.setViewportSize({ width: 390, height: 844 });
  await shopper.goto(`${stack.url}/me/inbox/messages`);
  const phoneRow = shopper.getByTestId('inbox-conversation').filter({ hasText: DEMO.users.demoOwner.name });
  await expect(phoneRow).toContainText(answer.slice(0, 20));
  await expect(shopper.getByTestId('chat-pane')).toHaveCount(0);
  await saveScreenshot(shopper, { path: 'test-results/screenshots/inbox-list-phone.png' });
  await phoneRow.click();
  await expect(shopper.getByTestId('chat-message').filter({ hasText: answer })).toHaveCount(1);
  await expect(shopper.getByTestId('inbox-filter')).toHaveCount(0);
  await saveScreenshot(shopper, { path: 'test-results/screenshots/inbox-chat-phone.png' });
  await shopperContext.close();
});
