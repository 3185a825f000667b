import { deflateSync } from 'node:zlib';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO } from '@vitrina/contracts';
import { startEmbedded, type Stack } from './support/stack.js';

/**
 * Issue 4: a supplier's item form. Demo supplier A signs in on `/proveedor/articulos`, creates a product with a
 * photo, prices, tags, stock and a variant (meeting the form's validation first), publishes it; a visitor sees it
 * on the demo shop's item page; once unpublished, the visitor gets the not-found page.
 */
const PORT = 3360;
let stack: Stack;

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'es-MX', viewport: { width: 1280, height: 900 } });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startEmbedded(PORT);
});

test.afterAll(async () => {
  await stack?.stop();
});

const SUPPLIER = DEMO.users.supplierA;
const NAME = `Jarrón de barro ${Date.now() % 100000}`;

/** A small opaque PNG (solid colour), built here so the test needs no fixture file. */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = table[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function signInOnItemsPage(page: Page): Promise<void> {
  await page.goto(`${stack.url}/proveedor/articulos`);
  const prompt = page.getByTestId('supplier-sign-in');
  await expect(prompt.getByRole('heading', { name: 'Inicia sesión para ver tus artículos' })).toBeVisible({ timeout: 15_000 });
  await prompt.getByRole('button', { name: 'Iniciar sesión' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /Correo electrónico/ }).fill(SUPPLIER.email);
  await dialog.getByLabel(/^Contraseña/).fill(DEMO.password);
  await dialog.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

async function freshVisitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'es-MX', viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** Reloads until `check` passes (public item pages may trail a write by a moment). */
async function eventually(page: Page, url: string, check: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await page.goto(url);
    await check();
  }).toPass({ timeout: 20_000, intervals: [500, 1_000, 2_000] });
}

test('a supplier creates, publishes and unpublishes a product; a visitor sees it, then not', async ({ page, browser }) => {
  await signInOnItemsPage(page);

  // The supplier's own items (demo supplier A has dozens), in every state.
  await expect(page.getByRole('heading', { name: 'Mis artículos', level: 1 })).toBeVisible();
  await expect(page.getByTestId('supplier-item-row').first()).toBeVisible({ timeout: 15_000 });
  await page.getByTestId('supplier-item-new').click();
  await expect(page).toHaveURL(/\/proveedor\/articulos\/nuevo$/);
  await expect(page.getByRole('heading', { name: 'Nuevo artículo' })).toBeVisible();

  // Validation first: nothing is sent with an empty name, nor with a margin above the price.
  await page.getByTestId('item-save').click();
  await expect(page.getByTestId('item-form-errors')).toHaveText('Revisa los campos marcados');
  await expect(page.getByText('Este campo es obligatorio')).toBeVisible();
  await expect(page.getByTestId('item-name')).toBeFocused();
  await page.getByTestId('item-name').fill(NAME);
  await page.getByTestId('item-description').fill('Jarrón de barro negro hecho a mano en Oaxaca.');
  await page.getByTestId('item-list-price').fill('250');
  await page.getByTestId('item-contribution-margin').fill('300');
  await page.getByTestId('item-save').click();
  await expect(page.getByText('El margen no puede ser mayor que el precio')).toBeVisible();
  await page.getByTestId('item-contribution-margin').fill('50');
  await page.getByTestId('item-crossout-price').fill('300');

  const tags = page.getByTestId('item-tags');
  await tags.fill('Barro');
  await tags.press('Enter');
  await tags.fill('artesanal');
  await tags.press('Enter');
  await page.getByTestId('item-available').fill('8');
  await page.getByTestId('item-max-purchase').fill('2');
  await page.getByTestId('item-variant-add').click();
  await page.getByLabel('Nombre de la variante 1').fill('Color');
  await page.getByLabel('Valor de la variante 1').fill('Negro');

  // A photo through the gallery drop zone.
  const chooser = page.waitForEvent('filechooser');
  const uploaded = page.waitForResponse((res) => res.request().method() === 'POST' && /\/api\/gallery\//.test(res.url()));
  await page.getByTestId('item-photo-drop').click();
  await (await chooser).setFiles({ name: 'jarron.png', mimeType: 'image/png', buffer: solidPng(40, 30, [40, 40, 48]) });
  const upload = await uploaded;
  expect(upload.status(), await upload.text()).toBe(201);
  const photo = ((await upload.json()) as { url: string }).url;
  await expect(page.getByTestId('item-photo').locator(`img[src="${photo}"]`)).toBeVisible();
  await expect(page.getByTestId('item-save')).toBeEnabled();

  const created = page.waitForResponse((res) => res.request().method() === 'POST' && /\/api\/catalogue\/.+\/items$/.test(res.url()));
  await page.getByTestId('item-save').click();
  const createdRes = await created;
  expect(createdRes.status(), await createdRes.text()).toBe(201);
  const item = (await createdRes.json()) as {
    id: string;
    owner: string;
    tags: string[];
    variants: Record<string, string>;
    photos: string[];
  };
  expect(item).toMatchObject({ owner: SUPPLIER.id, tags: ['barro', 'artesanal'], variants: { Color: 'Negro' }, photos: [photo] });
  await expect(page.getByText('El artículo se creó')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/proveedor/articulos/${item.id}$`));
  await expect(page.getByRole('heading', { name: 'Editar artículo' })).toBeVisible();
  await expect(page.getByTestId('item-state-badges')).toContainText('No publicado');
  await expect(page.getByTestId('item-type')).toBeDisabled();

  await page.getByTestId('item-publish').click();
  await expect(page.getByText('El artículo se publicó')).toBeVisible();
  await expect(page.getByTestId('item-state-badges')).toContainText('Publicado');

  // A visitor, in a browser of their own, opens the item page on the demo shop.
  const itemUrl = `${stack.url}/tienda/demo/productos/${SUPPLIER.id}/${item.id}`;
  const visitor = await freshVisitor(browser);
  await eventually(visitor, itemUrl, async () => {
    await expect(visitor.getByRole('heading', { name: NAME, level: 1 })).toBeVisible({ timeout: 5_000 });
  });
  await expect(visitor.getByTestId('item-price')).toContainText('$250.00');
  await expect(visitor.getByText('$300.00', { exact: true })).toBeVisible();

  // The list shows it, published, through the search.
  await page.getByRole('link', { name: 'Mis artículos' }).click();
  await expect(page).toHaveURL(/\/proveedor\/articulos$/);
  await page.getByRole('searchbox', { name: 'Buscar en mis artículos' }).fill(NAME.split(' ').slice(0, 3).join(' '));
  await expect(page).toHaveURL(/q=/);
  const row = page.getByTestId('supplier-item-row').filter({ hasText: NAME });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Publicado');
  await expect(row).toContainText('8 disponibles');

  // Unpublished: the visitor gets the not-found page.
  await row.getByRole('link').click();
  await page.getByTestId('item-unpublish').click();
  await expect(page.getByText('El artículo se despublicó')).toBeVisible();
  await expect(page.getByTestId('item-state-badges')).toContainText('No publicado');
  await eventually(visitor, itemUrl, async () => {
    await expect(visitor.getByRole('heading', { name: '¡Página no encontrada!' })).toBeVisible({ timeout: 5_000 });
  });
  await visitor.context().close();
});
