import {
  expect as baseExpect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  type Request,
} from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { DEMO, demoItemId } from '@vitrina/contracts';
import { startEmbedded, type Stack } from './support/stack.js';
import { saveScreenshot } from './support/screenshot.js';

/**
 * Cart and checkout on `npm start` (issue 11, Tests → Playwright): an anonymous visitor fills a cart with items of
 * two suppliers, signs in and finds it merged with their server cart, tries the quantity limits, checks out one
 * supplier with fixed delivery (and the attendees of an experience) and the other with a broker rate, both up to
 * the payment methods (paying is e2e/payments.spec.ts); a checkout left alone expires (CHECKOUT_TTL_SECONDS is
 * short here) and restarts; the core path on a phone. Screenshots of the panel, /carrito and the checkout at desktop and phone sizes go to
 * test-results/screenshots/cart-*.png.
 *
 * Demo world (libs/contracts demo + the catalogue's demo fixture): items whose position is a multiple of 5 are not
 * dropshipping, so in shop `demo` they are sold by their own supplier and each supplier is one cart order.
 */
const PORT = 3370;
/** Long enough for one checkout's steps on the loaded 2-core machine, short enough to watch one expire. */
const TTL_SECONDS = 60;
const SHOTS = 'test-results/screenshots';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

const { supplierA, supplierB } = DEMO.users;
/** Supplier A, product, 10 in stock. */
const TAZA = { id: demoItemId(5), name: 'Taza de talavera azul', path: `/productos/${supplierA.id}/${demoItemId(5)}` };
/** Supplier A, experience in 45 days, 20 places, at most 6 per purchase. */
const CLASE = { id: demoItemId(30), name: 'Clase de alebrijes en Arrazola' };
/** Supplier A, product, 15 in stock (the checkout left to expire). */
const ARETES = { id: demoItemId(10), name: 'Aretes de filigrana de plata' };
/** Supplier B, product, 5 in stock. */
const CAFE = { id: demoItemId(40), name: 'Café de Oaxaca Pluma 1 kg', path: `/productos/${supplierB.id}/${demoItemId(40)}` };
/** Supplier B, product, 10 in stock (the phone run). */
const CAPSULAS = {
  id: demoItemId(45),
  name: 'Cápsulas compatibles de espresso (10)',
  path: `/productos/${supplierB.id}/${demoItemId(45)}`,
};

// The shared 2-core machine answers slowly while other suites run.
const expect = baseExpect.configure({ timeout: 15_000 });

let stack: Stack;
/** The desktop journey's browser (one visitor across the tests below, like a real session). */
let journey: { context: BrowserContext; page: Page };
/** A checkout opened at the start and left alone until it expires. */
let idle: { context: BrowserContext; page: Page; checkoutId: string; token: string };

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'es-MX', viewport: DESKTOP });

test.beforeAll(async ({ browser }) => {
  // The embedded stack needs ~2.5 min to boot on the shared machine.
  test.setTimeout(300_000);
  mkdirSync(SHOTS, { recursive: true });
  stack = await startEmbedded(PORT, undefined, { CHECKOUT_TTL_SECONDS: String(TTL_SECONDS) });
  journey = await newVisitor(browser, DESKTOP);
});

test.afterAll(async () => {
  await journey?.context.close();
  await idle?.context.close();
  await stack?.stop();
});

const shop = (path = '/') => `${stack.url}/tienda/demo${path}`;

async function newVisitor(browser: Browser, viewport: { width: number; height: number }, phone = false) {
  const context = await browser.newContext({ locale: 'es-MX', viewport, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
  return { context, page: await context.newPage() };
}

async function apiSignIn(request: APIRequestContext, email: string): Promise<string> {
  // The context's request shares its cookies: the refresh cookie signs the pages of that context in too.
  const res = await request.post(`${stack.url}/api/auth/login`, { data: { username: email, password: DEMO.password, locale: 'es' } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function apiAdd(request: APIRequestContext, token: string, itemId: string, amount: number): Promise<{ cart_id: string }> {
  const res = await request.post(`${stack.url}/api/cart/shops/demo/items`, {
    headers: { authorization: `Bearer ${token}` },
    data: { item_id: itemId, amount },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { cart_id: string };
}

/**
 * A screenshot for the CI artifacts: the whole page (scrolled through once so lazy images load, then back to the
 * top so the sticky header sits where it belongs), or only the viewport when a drawer covers it. Notices are left
 * out: they float over whatever is below them.
 */
async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  if (fullPage) {
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      window.scrollTo(0, 0);
    });
  }
  await page
    .waitForFunction(
      (whole) =>
        [...document.images]
          .filter((image) => {
            const r = image.getBoundingClientRect();
            const across = r.width > 0 && r.height > 0 && r.right > 0 && r.left < window.innerWidth;
            return across && (whole || (r.bottom > 0 && r.top < window.innerHeight));
          })
          .every((image) => image.complete && image.naturalWidth > 0),
      fullPage,
      { timeout: 10_000 },
    )
    .catch(() => {});
  await saveScreenshot(page, {
    path: `${SHOTS}/${name}.png`,
    fullPage,
    style: '.mantine-Notifications-root { visibility: hidden; }',
  });
}

const panelOf = (page: Page) => page.getByRole('dialog', { name: 'Tu carrito' });
const lineOf = (scope: Page | Locator, name: string) => scope.getByTestId('cart-line').filter({ hasText: name });
const orderOf = (scope: Page | Locator, supplier: string) => scope.getByRole('region', { name: `Pedido de ${supplier}` });

async function addFromItemPage(page: Page, path: string, name: string, { signedIn = false } = {}): Promise<void> {
  await page.goto(shop(path));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // The page settles first (session, badge, the cart's chunk, photos): on a busy machine a click while the layout
  // still moves can land beside the button. Polling pages never go idle, hence the bounded wait.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
  const add = page.getByTestId('add-to-cart');
  if (!signedIn) {
    await add.click();
    return;
  }
  // A signed-in add is a POST: a click that sent none landed nowhere, and is repeated. Never once a POST left (even
  // late), and never on a busy button (an add under way disables it), so the item is added once.
  let sent = false;
  const onRequest = (r: Request) => {
    if (r.method() === 'POST' && /\/api\/cart\/shops\/[^/]+\/items$/.test(r.url())) sent = true;
  };
  page.on('request', onRequest);
  try {
    await expect(async () => {
      if (!sent) await add.click({ timeout: 5_000 });
      await expect.poll(() => sent, { timeout: 5_000 }).toBe(true);
    }).toPass({ timeout: 30_000 });
  } finally {
    page.off('request', onRequest);
  }
}

async function closePanel(page: Page): Promise<void> {
  await panelOf(page).getByRole('button', { name: 'Cerrar el carrito' }).click();
  await expect(panelOf(page)).toBeHidden();
}

test('a checkout is opened and left alone (it expires while the journey runs)', async ({ browser }) => {
  const visitor = await newVisitor(browser, DESKTOP);
  const token = await apiSignIn(visitor.context.request, DEMO.users.entrepreneur.email);
  const { cart_id } = await apiAdd(visitor.context.request, token, ARETES.id, 1);
  const res = await visitor.context.request.post(`${stack.url}/api/shopping-carts/${cart_id}/checkout`, {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
    data: { supplier_id: supplierA.id },
  });
  expect(res.status(), await res.text()).toBe(201);
  const checkoutId = ((await res.json()) as { id: string }).id;
  idle = { ...visitor, checkoutId, token };
  await visitor.page.goto(shop(`/comprar?checkout=${checkoutId}`));
  await expect(visitor.page.getByRole('heading', { level: 1, name: 'Finaliza tu compra' })).toBeVisible();
  await expect(visitor.page.getByTestId('checkout-countdown')).toHaveText(/^0[01]:\d\d$/);
});

test('an anonymous visitor adds items of two suppliers; the badge grows, the panel opens, the cart survives a reload', async ({
  request,
}) => {
  const { page } = journey;
  // The shopper already has a server cart (from another device, through the API): a Taza and a Clase.
  const token = await apiSignIn(request, DEMO.users.customer.email);
  await apiAdd(request, token, TAZA.id, 1);
  await apiAdd(request, token, CLASE.id, 1);

  await addFromItemPage(page, TAZA.path, TAZA.name);
  await expect(page.getByText('Se agregó a tu carrito')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(panelOf(page)).toBeVisible();
  await expect(lineOf(panelOf(page), TAZA.name)).toBeVisible();
  await closePanel(page);

  await addFromItemPage(page, CAFE.path, CAFE.name);
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  const panel = panelOf(page);
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('cart-order')).toHaveCount(2);
  await expect(orderOf(panel, supplierA.name)).toContainText(TAZA.name);
  await expect(orderOf(panel, supplierB.name)).toContainText(CAFE.name);
  // An anonymous visitor has no 'Mis compras'.
  await expect(panel.getByTestId('my-purchases')).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: CAFE.name })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await page.getByTestId('cart-button').click();
  await expect(panelOf(page).getByTestId('cart-order')).toHaveCount(2);
  await closePanel(page);
});

test('signing in merges the local cart into the server cart: both orders, quantities summed', async ({ request }) => {
  const { page } = journey;
  await page.getByRole('button', { name: 'Iniciar sesión' }).first().click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByLabel(/^Contraseña/) });
  await dialog.getByLabel(/Correo electrónico/).fill(DEMO.users.customer.email);
  await dialog.getByLabel(/^Contraseña/).fill(DEMO.password);
  await dialog.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(dialog).toBeHidden();
  // Server: Taza 1 + Clase 1; local: Taza 1 + Café 1 → Taza 2, Clase 1, Café 1.
  await expect(page.getByTestId('cart-count')).toHaveText('4');
  // The badge can reach 4 from a total read after the server's merge committed, a moment before the merge's own
  // answer arrives and the local cart is cleared: wait for the clearing rather than assume it came first.
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('vitrina:cart:demo'))).toBeNull();

  // The panel may have opened by itself (the badge went from the server's 2 to the merged 4); else open it.
  const panel = panelOf(page);
  await expect(async () => {
    if (!(await panel.isVisible())) await page.getByTestId('cart-button').click({ timeout: 2_000 });
    await expect(panel).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(panel.getByTestId('cart-order')).toHaveCount(2);
  await expect(lineOf(orderOf(panel, supplierA.name), TAZA.name).getByLabel(`Cantidad de ${TAZA.name}`)).toHaveValue('2');
  await expect(lineOf(orderOf(panel, supplierA.name), CLASE.name).getByLabel(`Cantidad de ${CLASE.name}`)).toHaveValue('1');
  await expect(lineOf(orderOf(panel, supplierB.name), CAFE.name).getByLabel(`Cantidad de ${CAFE.name}`)).toHaveValue('1');
  await expect(panel.getByText('4 artículos')).toBeVisible();
  await expect(panel.getByTestId('my-purchases')).toBeVisible();
  await screenshot(page, 'cart-panel-desktop', { fullPage: false });

  // It is the server's cart now.
  const token = await apiSignIn(request, DEMO.users.customer.email);
  const cart = (await (
    await request.get(`${stack.url}/api/cart/shops/demo`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { total_products: number; orders: Array<{ products: Array<{ id: string; amount: number }> }> };
  const amounts = Object.fromEntries(cart.orders.flatMap((o) => o.products.map((p) => [p.id, p.amount])));
  expect(amounts).toEqual({ [TAZA.id]: 2, [CLASE.id]: 1, [CAFE.id]: 1 });

  await panel.getByRole('link', { name: 'Ver el carrito completo' }).click();
  await expect(page).toHaveURL(/\/tienda\/demo\/carrito$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Carrito' })).toBeVisible();
  await expect(panelOf(page)).toBeHidden();
});

test('quantities on /carrito: no ".", "e" or "-", minus disabled at 1, stock and maximum purchase warnings', async () => {
  const { page } = journey;
  const cafe = lineOf(page, CAFE.name);
  const cafeQty = cafe.getByLabel(`Cantidad de ${CAFE.name}`);
  await expect(cafeQty).toHaveValue('1');
  await expect(cafe.getByRole('button', { name: `Quitar una pieza de ${CAFE.name}` })).toBeDisabled();
  await expect(cafe).toContainText('5 disponibles');

  await cafeQty.click();
  await cafeQty.press('End');
  for (const key of ['.', 'e', '-']) await cafeQty.press(key);
  await expect(cafeQty).toHaveValue('1');

  // More than the stock (5): refused with the warning, nothing changed.
  await cafeQty.fill('6');
  await cafeQty.press('Enter');
  await expect(page.getByText('La cantidad que pides es mayor que las piezas disponibles (5).')).toBeVisible();
  await expect(cafeQty).toHaveValue('1');

  // The stock itself is fine; one more with the plus control is the stock rule.
  await cafeQty.fill('5');
  await cafeQty.press('Enter');
  await expect(cafeQty).toHaveValue('5');
  await expect(page.getByTestId('cart-count')).toHaveText('8');
  await cafe.getByRole('button', { name: `Agregar una pieza de ${CAFE.name}` }).click();
  await expect(page.getByText('No puedes agregar más piezas: no hay suficientes en existencia.')).toBeVisible();
  await expect(cafeQty).toHaveValue('5');
  await cafe.getByRole('button', { name: `Quitar una pieza de ${CAFE.name}` }).click();
  await expect(cafeQty).toHaveValue('4');

  // The experience: at most 6 per purchase.
  const clase = lineOf(page, CLASE.name);
  const claseQty = clase.getByLabel(`Cantidad de ${CLASE.name}`);
  await expect(clase).toContainText('Máximo 6 por compra');
  await claseQty.fill('7');
  await claseQty.press('Enter');
  await expect(page.getByText('Superaste el máximo de compra: puedes llevar hasta 6 piezas de este artículo.')).toBeVisible();
  await expect(claseQty).toHaveValue('1');
  await claseQty.fill('2');
  await claseQty.press('Enter');
  await expect(claseQty).toHaveValue('2');
  await expect(clase.getByTestId('line-total')).toHaveText('$3,200.00');
  // Taza 2 + Clase 2 + Café 4.
  await expect(page.getByTestId('cart-count')).toHaveText('8');
  await expect(orderOf(page, supplierA.name).getByTestId('order-total')).toHaveText('$3,720.00');
  await screenshot(page, 'cart-page-desktop');
});

test('supplier A: fixed delivery to a new address and the attendees of the experience, up to the payment methods', async () => {
  const { page } = journey;
  await orderOf(page, supplierA.name).getByRole('button', { name: 'Continuar con la compra' }).click();
  await expect(page).toHaveURL(/\/tienda\/demo\/comprar\?checkout=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Finaliza tu compra' })).toBeVisible();
  await expect(page.getByText(`Vendido por ${supplierA.name}`)).toBeVisible();
  await expect(page.getByTestId('checkout-countdown')).toBeVisible();
  // No cart button on checkout paths.
  await expect(page.getByTestId('cart-button')).toHaveCount(0);
  await expect(page.getByTestId('payment-methods')).toHaveCount(0);

  await fillContact(page);

  // No saved address yet: the form is there at once. The postal code has 5 digits.
  const form = page.getByTestId('checkout-address-form');
  await expect(form).toBeVisible();
  await form.getByTestId('address-address_name').fill('Carla Cliente');
  await form.getByTestId('address-address_phone').fill('3312345678');
  await form.getByTestId('address-route').fill('Av. Juárez');
  await form.getByTestId('address-street_number').fill('450');
  await form.getByTestId('address-sublocality').fill('Centro');
  await form.getByTestId('address-locality').fill('Guadalajara');
  await form.getByTestId('address-state').fill('Jalis');
  await page.getByRole('option', { name: 'Jalisco' }).click();
  await form.getByTestId('address-postal_code').fill('4410');
  await form.getByTestId('address-submit').click();
  await expect(form.getByText('El código postal tiene 5 dígitos')).toBeVisible();
  await form.getByTestId('address-postal_code').fill('44100');
  await form.getByTestId('address-submit').click();
  await expect(page.getByTestId('address-option')).toHaveCount(1);
  await expect(page.getByTestId('address-option')).toContainText('Guadalajara');

  await page.getByTestId('delivery-option-fixed').click();
  await page.getByTestId('delivery-confirm').click();
  await expect(page.getByTestId('delivery-chosen')).toContainText('Envío del vendedor · $99.00 · Llega en 3 días');
  await expect(page.getByTestId('checkout-summary-shipping')).toHaveText('$99.00');
  await expect(page.getByTestId('checkout-summary-total')).toHaveText('$3,819.00');

  // The experience asks for its attendees (one per ticket) before payment.
  await expect(page.getByTestId('payment-methods')).toHaveCount(0);
  await expect(page.getByTestId('checkout-missing')).toContainText('Asistentes');
  const attendees = page.getByTestId('checkout-attendees');
  await expect(attendees.getByText('Boleto 2')).toBeVisible();
  await attendees.getByTestId('attendee-name-0').fill('Carla Cliente');
  await attendees.getByTestId('attendee-phone-0').fill('5512345678');
  await attendees.getByTestId('attendee-name-1').fill('Daniel Cliente');
  await attendees.getByTestId('attendee-phone-1').fill('5587654321');
  await attendees.getByTestId('attendees-save').click();
  await expect(attendees.getByTestId('attendees-save')).toBeDisabled();
  await expect(page.getByTestId('payment-methods')).toHaveCount(0);
  await attendees.getByTestId('attendees-reviewed').check();

  // ready to pay: the payments feature's methods take over the section (e2e/payments.spec.ts pays)
  await expect(page.getByTestId('payment-methods')).toBeVisible();
  await expect(page.getByTestId('payment-method-card')).toBeEnabled();
  await screenshot(page, 'cart-checkout-desktop');
});

test('supplier B: a broker rate for the saved address, up to the payment methods', async () => {
  const { page } = journey;
  await page.goto(shop('/carrito'));
  await orderOf(page, supplierB.name).getByRole('button', { name: 'Continuar con la compra' }).click();
  await expect(page).toHaveURL(/\/tienda\/demo\/comprar\?checkout=/);
  await expect(page.getByText(`Vendido por ${supplierB.name}`)).toBeVisible();
  await fillContact(page);

  // The saved address; the couriers' rates for Jalisco (the 'far' zone of the demo's table-rate broker).
  await page.getByTestId('address-option').click();
  const rate = page.getByTestId('delivery-option-rate').filter({ hasText: 'Estafeta' });
  await expect(rate).toContainText('$169.00');
  await expect(rate).toContainText('Llega en 5 días');
  await expect(page.getByTestId('delivery-option-rate').filter({ hasText: 'DHL' })).toContainText('$289.00');
  await rate.click();
  await page.getByTestId('delivery-confirm').click();
  await expect(page.getByTestId('delivery-chosen')).toContainText('Estafeta Terrestre · $169.00 · Llega en 5 días');
  await expect(page.getByTestId('checkout-summary-shipping')).toHaveText('$169.00');
  // Café 4 × $460.00 + $169.00; nothing to attend.
  await expect(page.getByTestId('checkout-summary-total')).toHaveText('$2,009.00');
  await expect(page.getByTestId('checkout-attendees')).toHaveCount(0);
  // ready to pay: the payments feature's methods take over the section (e2e/payments.spec.ts pays)
  await expect(page.getByTestId('payment-methods')).toBeVisible();
  await expect(page.getByTestId('payment-method-card')).toBeEnabled();
});

test('the checkout left alone shows that its time expired, and restarting opens a new one', async () => {
  const { page, checkoutId } = idle;
  await expect(page.getByTestId('checkout-expired')).toBeVisible({ timeout: (TTL_SECONDS + 30) * 1000 });
  await expect(page.getByRole('heading', { name: 'El tiempo para completar tu compra ha expirado' })).toBeVisible();
  await screenshot(page, 'cart-expired-desktop');
  // The server says so too (the page counts down from seconds_left, whole seconds: it may show the end a moment
  // before expires_at has passed on the server).
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`${stack.url}/api/checkout/${checkoutId}`, {
          headers: { authorization: `Bearer ${idle.token}` },
        });
        return ((await res.json()) as { status: string }).status;
      },
      { timeout: 10_000 },
    )
    .toBe('expired');

  await page.getByTestId('checkout-restart').click();
  await expect(page).toHaveURL(/checkout=/);
  await expect(page).not.toHaveURL(new RegExp(checkoutId));
  await expect(page.getByRole('heading', { level: 1, name: 'Finaliza tu compra' })).toBeVisible();
  await expect(page.getByTestId('checkout-countdown')).toHaveText(/^0[01]:\d\d$/);
  await expect(page.getByTestId('checkout-line')).toContainText(ARETES.name);
  // A new checkout on the server, holding the Aretes again for a fresh TTL.
  const restarted = new URL(page.url()).searchParams.get('checkout');
  const again = await page.request.get(`${stack.url}/api/checkout/${restarted}`, { headers: { authorization: `Bearer ${idle.token}` } });
  const view = (await again.json()) as { status: string; seconds_left: number; lines: Array<{ id: string; amount: number }> };
  expect(view.status).toBe('open');
  expect(view.seconds_left).toBeGreaterThan(0);
  expect(view.lines).toEqual([expect.objectContaining({ id: ARETES.id, amount: 1 })]);
});

test('on a phone: add, the panel, /carrito and the checkout page', async ({ browser }) => {
  const { context, page } = await newVisitor(browser, PHONE, true);
  try {
    await apiSignIn(context.request, DEMO.users.reseller.email);
    await addFromItemPage(page, CAPSULAS.path, CAPSULAS.name, { signedIn: true });
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    const panel = panelOf(page);
    await expect(lineOf(panel, CAPSULAS.name)).toBeVisible();
    await screenshot(page, 'cart-panel-phone', { fullPage: false });

    await panel.getByRole('link', { name: 'Ver el carrito completo' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Carrito' })).toBeVisible();
    await expect(lineOf(page, CAPSULAS.name)).toBeVisible();
    await screenshot(page, 'cart-page-phone');

    await orderOf(page, supplierB.name).getByRole('button', { name: 'Continuar con la compra' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Finaliza tu compra' })).toBeVisible();
    await expect(page.getByTestId('checkout-countdown')).toBeVisible();
    // The order summary is folded on a phone.
    await expect(page.getByTestId('checkout-line')).toBeHidden();
    await page.getByRole('button', { name: 'Mostrar resumen del pedido' }).click();
    await expect(page.getByTestId('checkout-line')).toContainText(CAPSULAS.name);
    await expect(page.getByTestId('checkout-contact-form')).toBeVisible();
    await screenshot(page, 'cart-checkout-phone');
  } finally {
    await context.close();
  }
});

async function fillContact(page: Page): Promise<void> {
  const contact = page.getByTestId('checkout-step-contact');
  await contact.getByTestId('contact-name').fill('Carla Cliente');
  await contact.getByTestId('contact-email').fill(DEMO.users.customer.email);
  await contact.getByTestId('contact-phone').fill('5512345678');
  await contact.getByTestId('contact-submit').click();
  await expect(contact.getByTestId('contact-summary')).toContainText(DEMO.users.customer.email);
}
