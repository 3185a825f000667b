import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO } from '@vitrina/contracts';
import { startEmbedded, type Stack } from './support/stack.js';

/**
 * In-place shop editing (issue 5, web part): the demo owner renames the shop and adds a header with a
 * 'Comprar ahora' button; a visitor in a fresh browser sees both; another owner sees no edit control.
 */
const PORT = 3330;
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

async function freshVisitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'es-MX' });
  return context.newPage();
}

const NEW_NAME = `Bazar renovado ${Date.now() % 100000}`;

test('the demo owner renames the shop and adds a header with "Comprar ahora"', async ({ page, browser }) => {
  await signIn(page, DEMO.users.demoOwner.email);
  const tools = page.getByTestId('owner-tools');
  await expect(tools).toBeVisible({ timeout: 15_000 });

  // Shop image/name form.
  await page.getByTestId('owner-tool-identity').click();
  const name = page.getByTestId('shop-name-input');
  await name.fill('');
  await page.getByTestId('shop-identity-save').click();
  await expect(page.getByText('Este campo es obligatorio')).toBeVisible();
  await name.fill(NEW_NAME);
  await page.getByTestId('shop-identity-save').click();
  await expect(page.getByText('La tienda se actualizó')).toBeVisible();
  await expect(page.getByRole('banner').getByText(NEW_NAME)).toBeVisible();

  // Header editor: list -> form -> back to the list after saving.
  await page.getByTestId('owner-tool-headers').click();
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

  // A visitor in a fresh browser sees both changes and no edit control.
  const visitor = await freshVisitor(browser);
  await visitor.goto(shop('/'));
  await expect(visitor.getByRole('banner').getByText(NEW_NAME)).toBeVisible();
  await expect(visitor.getByText('Ofertas de temporada').first()).toBeVisible({ timeout: 15_000 });
  await expect(visitor.getByText('Comprar ahora').first()).toBeVisible();
  await expect(visitor.getByTestId('owner-tools')).toHaveCount(0);
  await visitor.context().close();
});

test('another owner sees no edit control on the demo shop', async ({ page }) => {
  await signIn(page, DEMO.users.otherOwner.email);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Abrir el menú de tu cuenta' })).toBeVisible({ timeout: 15_000 });
  await page.waitForTimeout(1_500);
  await expect(page.getByTestId('owner-tools')).toHaveCount(0);
  await expect(page.getByTestId('edit-mode')).toHaveCount(0);
});
