import {
  expect as baseExpect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import {
  DEMO,
  DEVELOPMENT_SERVICE_SECRET,
  RESERVATIONS_PATH,
  SANDBOX_TEST_CARDS,
  SERVICE_SECRET_HEADER,
  SERVICES,
  demoItemId,
} from '@vitrina/contracts';
import { startEmbedded, type Stack } from './support/stack.js';
import { saveScreenshot } from './support/screenshot.js';

/**
 * Paying on `npm start` with the sandbox provider (issue 12, Tests → Playwright): each journey is a signed-in shopper
 * with a ready checkout (created through the API: 'Comprar ahora' of a demo product, contact and fixed delivery) who
 * pays it in the browser: by card; by card with 3-D Secure (approved, and failed then retried); by PayPal-style
 * approval (approved, and cancelled); with a cash voucher marked paid through the sandbox; by SPEI left to expire
 * (PAYMENT_SPEI_SECONDS is short here). Each ends on the paid page (a path with `pagado`) or the spec's message.
 * Screenshots of the payment section, the voucher, the SPEI details and the paid page at desktop and phone sizes go to
 * test-results/screenshots/payment-*.png.
 */
const PORT = 3380;
const SPEI_SECONDS = 25;
const RETURN_WINDOW_SECONDS = 75;
const SHOTS = 'test-results/screenshots';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Supplier A's demo products with stock (supplier A takes every payment type and ships fixed). */
const PRODUCTS = [5, 10, 15, 20, 25].map((n) => demoItemId(n));

const expect = baseExpect.configure({ timeout: 20_000 });

let stack: Stack;
let turn = 0;

test.describe.configure({ mode: 'serial' });
// A step that hangs fails within a minute, naming the step, instead of using up the journey's 5 minutes.
test.use({ locale: 'es-MX', viewport: DESKTOP, actionTimeout: 60_000, navigationTimeout: 60_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS, { recursive: true });
  stack = await startEmbedded(PORT, undefined, {
    PAYMENT_SPEI_SECONDS: String(SPEI_SECONDS),
    PAYMENT_RECONCILE_MS: '2000',
    // issue 14: a return window short enough to see an order settle within the run (the settlement sweep keeps its
    // default 15 s; at 1 s the voucher test's paid page never answered, not yet understood: see the closing note)
    RETURN_WINDOW_SECONDS: String(RETURN_WINDOW_SECONDS),
  });
});

// A journey that fails prints the end of the stack's log: what the server was doing when the page did not answer.
test.afterEach(() => {
  const info = test.info();
  if (info.status !== info.expectedStatus) console.log(`stack log (last 8000 characters):\n${stack.output().slice(-8000)}`);
});

test.afterAll(async () => {
  await stack?.stop();
});

const shop = (path = '/') => `${stack.url}/tienda/demo${path}`;

/** A signed-in shopper (the session cookie is the context's) at their ready checkout's page. */
async function shopperAtCheckout(
  browser: Browser,
  viewport = DESKTOP,
  phone = false,
  itemId = PRODUCTS[turn++ % PRODUCTS.length],
): Promise<{ context: BrowserContext; page: Page; checkoutId: string }> {
  const context = await browser.newContext({ locale: 'es-MX', viewport, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
  const request = context.request;
  const login = await request.post(`${stack.url}/api/auth/login`, {
    data: { username: DEMO.users.customer.email, password: DEMO.password, locale: 'es' },
  });
  expect(login.status()).toBe(200);
  const auth = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
  const { checkoutId } = await readyCheckoutByApi(request, auth, itemId);
  const page = await context.newPage();
  await page.goto(shop(`/comprar?checkout=${checkoutId}`));
  await expect(page.getByTestId('payment-methods')).toBeVisible();
  return { context, page, checkoutId };
}

/**
 * A ready checkout made through the API as the signed-in customer would: 'Comprar ahora' of `amount` units of
 * `itemId` in the demo shop, contact, a new address and the supplier's fixed delivery. Answers the checkout's id, its
 * payment token and its dropshipping supplier.
 */
async function readyCheckoutByApi(
  request: APIRequestContext,
  auth: Record<string, string>,
  itemId: string,
  amount = 1,
): Promise<{ checkoutId: string; token: string; dssupplier: string | null }> {
  const created = await request.post(`${stack.url}/api/checkout/instant`, {
    headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
    data: { shop_slug: 'demo', item_id: itemId, amount },
  });
  expect(created.status(), await created.text()).toBe(201);
  const checkout = (await created.json()) as { id: string; dssupplier: string | null };
  const contact = await request.put(`${stack.url}/api/checkout/${checkout.id}/contact`, {
    headers: auth,
    data: { name: 'Carla Cliente', email: DEMO.users.customer.email, phone: '3312345678', phone_country: 'MX' },
  });
  expect(contact.status(), await contact.text()).toBe(200);
  const address = await request.post(`${stack.url}/api/checkout/addresses`, {
    headers: auth,
    data: {
      address_name: 'Carla Cliente',
      address_phone: '33 1234 5678',
      route: 'Av. Juárez',
      street_number: '450',
      administrative_area_level_1: 'JAL',
      locality: 'Guadalajara',
      sublocality: 'Centro',
      postal_code: '44100',
    },
  });
  expect(address.status(), await address.text()).toBe(201);
  const ready = await request.put(`${stack.url}/api/checkout/${checkout.id}/fixed_delivery`, {
    headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
    data: { address_id: ((await address.json()) as { id: string }).id },
  });
  expect(ready.status(), await ready.text()).toBe(200);
  return { checkoutId: checkout.id, token: ((await ready.json()) as { token: string }).token, dssupplier: checkout.dssupplier };
}

async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByTestId('payment-method-card').click();
  const newCard = page.getByTestId('saved-card-new');
  if (await newCard.isVisible()) await newCard.click();
  await page.getByTestId('card-holder').fill('Carla Cliente');
  await page.getByTestId('card-number').fill(number);
  await page.getByTestId('card-expiry').fill(`12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`);
  await page.getByTestId('card-cvv').fill('123');
}

async function expectPaid(page: Page, checkoutId: string): Promise<void> {
  await page.waitForURL(new RegExp(`/pagado/${checkoutId}`), { timeout: 30_000 });
  await expect(page.getByTestId('paid-page')).toBeVisible();
  await expect(page.getByRole('heading', { name: '¡Gracias por tu compra!' })).toBeVisible();
}

test('pays by card and lands on the paid page (desktop and phone screenshots)', async ({ browser }) => {
  const { context, page, checkoutId } = await shopperAtCheckout(browser);
  await fillCard(page, SANDBOX_TEST_CARDS.approved);
  await saveScreenshot(page, { path: `${SHOTS}/payment-card-desktop.png`, fullPage: true });
  await page.getByTestId('card-form').getByTestId('pay-submit').click();
  await expectPaid(page, checkoutId);
  await saveScreenshot(page, { path: `${SHOTS}/payment-paid-desktop.png`, fullPage: true });
  await context.close();

  const phone = await shopperAtCheckout(browser, PHONE, true);
  await fillCard(phone.page, SANDBOX_TEST_CARDS.approved);
  await saveScreenshot(phone.page, { path: `${SHOTS}/payment-card-phone.png`, fullPage: true });
  await phone.page.getByTestId('card-form').getByTestId('pay-submit').click();
  await expectPaid(phone.page, phone.checkoutId);
  await saveScreenshot(phone.page, { path: `${SHOTS}/payment-paid-phone.png`, fullPage: true });
  await phone.context.close();
});

test('a declined card shows the bank message and leaves the checkout payable', async ({ browser }) => {
  const { context, page, checkoutId } = await shopperAtCheckout(browser);
  await fillCard(page, SANDBOX_TEST_CARDS.insufficientFunds);
  await page.getByTestId('card-form').getByTestId('pay-submit').click();
  await expect(page.getByText('Tu tarjeta no tiene fondos suficientes')).toBeVisible();
  await fillCard(page, SANDBOX_TEST_CARDS.approved);
  await page.getByTestId('card-form').getByTestId('pay-submit').click();
  await expectPaid(page, checkoutId);
  await context.close();
});

test('3-D Secure: a failed challenge says to contact the bank; the retry is approved and paid', async ({ browser }) => {
  const { context, page, checkoutId } = await shopperAtCheckout(browser);
  await fillCard(page, SANDBOX_TEST_CARDS.requires3ds);
  await page.getByTestId('card-form').getByTestId('pay-submit').click();
  await page.waitForURL(/\/api\/payments\/sandbox\/3ds\//);
  await page.getByRole('button', { name: 'Rechazar' }).click();
  await page.waitForURL(/\/comprar\?/);
  await expect(page.getByText('El intento de pago falló; comunícate con tu banco')).toBeVisible();

  await fillCard(page, SANDBOX_TEST_CARDS.requires3ds);
  await page.getByTestId('card-form').getByTestId('pay-submit').click();
  await page.waitForURL(/\/api\/payments\/sandbox\/3ds\//);
  await page.getByRole('button', { name: 'Autorizar' }).click();
  await expectPaid(page, checkoutId);
  await context.close();
});

test('PayPal: cancelled at the approval page comes back to choose again; approved is paid', async ({ browser }) => {
  const { context, page, checkoutId } = await shopperAtCheckout(browser);
  await page.getByTestId('payment-method-paypal').click();
  await page.getByRole('button', { name: 'Continuar a PayPal' }).click();
  await page.waitForURL(/\/api\/payments\/sandbox\/approve\//);
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await page.waitForURL(/\/comprar\?/);
  await expect(page.getByText('Cancelaste el pago. Elige cómo quieres pagar.')).toBeVisible();

  await page.getByTestId('payment-method-paypal').click();
  await page.getByRole('button', { name: 'Continuar a PayPal' }).click();
  await page.waitForURL(/\/api\/payments\/sandbox\/approve\//);
  await page.getByRole('button', { name: 'Aprobar' }).click();
  await expectPaid(page, checkoutId);
  await context.close();
});

test('cash voucher: reference, barcode and amount; paid at the store (sandbox), the page moves to paid', async ({ browser }) => {
  const { context, page, checkoutId } = await shopperAtCheckout(browser);
  await page.getByTestId('payment-method-cash').click();
  await page.getByRole('button', { name: 'Generar referencia de pago' }).click();
  await expect(page.getByTestId('voucher')).toBeVisible();
  const reference = (await page.getByTestId('voucher-reference').innerText()).replace(/\D/g, '');
  expect(reference).toMatch(/^\d{14}$/);
  await expect(page.getByTestId('voucher-barcode')).toBeVisible();
  await saveScreenshot(page, { path: `${SHOTS}/payment-voucher-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await saveScreenshot(page, { path: `${SHOTS}/payment-voucher-phone.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  // the shopper pays at the counter: the sandbox's own voucher page, on the store's device. A browser context of its
  // own: a second tab in the shopper's context would hide the shopper's page, and a hidden page's polling and
  // Playwright's checks on it may stall (CI once timed out there).
  const counter = await browser.newContext();
  try {
    const store = await counter.newPage();
    await store.goto(`${stack.url}/api/payments/sandbox/vouchers/${reference}`);
    await store.getByRole('button', { name: 'Marcar como pagada' }).click();
    await expect(store.getByText('Pagado', { exact: true })).toBeVisible();
  } finally {
    await counter.close();
  }
  await page.bringToFront();
  await expectPaid(page, checkoutId);
  await context.close();
});

test('SPEI: CLABE, reference and a countdown; left unpaid, the transfer expires and the purchase can restart', async ({ browser }) => {
  const { context, page } = await shopperAtCheckout(browser);
  await page.getByTestId('payment-method-spei').click();
  await page.getByRole('button', { name: 'Generar datos para transferir' }).click();
  await expect(page.getByTestId('spei')).toBeVisible();
  await expect(page.getByTestId('spei')).toContainText(/\d{18}/);
  await expect(page.getByTestId('spei-countdown')).toBeVisible();
  await saveScreenshot(page, { path: `${SHOTS}/payment-spei-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await saveScreenshot(page, { path: `${SHOTS}/payment-spei-phone.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  await expect(page.getByTestId('spei-expired')).toBeVisible({ timeout: (SPEI_SECONDS + 40) * 1000 });
  await expect(page.getByText('La transferencia expiró')).toBeVisible();
  await context.close();
});

/** A second signed-in party (the supplier) in its own context. */
async function signedIn(browser: Browser, email: string, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'es-MX', viewport });
  const login = await context.request.post(`${stack.url}/api/auth/login`, {
    data: { username: email, password: DEMO.password, locale: 'es' },
  });
  expect(login.status()).toBe(200);
  return { context, page: await context.newPage() };
}

/** The loaded width of the first image inside `row` (0 while it loads or if it failed). */
function photoWidth(row: Locator): Promise<number> {
  return row
    .locator('img')
    .first()
    .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));
}

/** A fresh access token of the demo customer, through the context's own session. */
async function customerToken(context: BrowserContext): Promise<string> {
  const login = await context.request.post(`${stack.url}/api/auth/login`, {
    data: { username: DEMO.users.customer.email, password: DEMO.password, locale: 'es' },
  });
  return ((await login.json()) as { access_token: string }).access_token;
}

/** The seller presses the action button whose label names the next step, and the page shows the new state. */
async function sellerNext(page: Page, state: string): Promise<void> {
  await page.getByTestId('order-action-next').click();
  await expect(page.getByTestId('order-state')).toHaveAttribute('data-state', state);
}

test('orders: bought by card, the supplier moves it along while the shopper follows it to Delivered', async ({ browser }) => {
  const shopper = await shopperAtCheckout(browser);
  await fillCard(shopper.page, SANDBOX_TEST_CARDS.approved);
  await shopper.page.getByTestId('card-form').getByTestId('pay-submit').click();
  await expectPaid(shopper.page, shopper.checkoutId);
  // the paid page finds the order the payment event made, and links to it
  await shopper.page.getByRole('link', { name: 'Ver mi pedido' }).click();
  await shopper.page.waitForURL(/\/mis-compras\/[\w-]+$/);
  const orderId = shopper.page.url().split('/').pop()!;
  await expect(shopper.page.getByTestId('order-state')).toHaveAttribute('data-state', 'in_process');
  await saveScreenshot(shopper.page, { path: `${SHOTS}/order-customer-desktop.png`, fullPage: true });

  const supplier = await signedIn(browser, DEMO.users.supplierA.email);
  await supplier.page.goto(`${stack.url}/admin/ordenes`);
  await expect(supplier.page.getByTestId('order-row').first()).toBeVisible();
  // The row shows the product's photo (loaded lazily: the screenshot waits for it).
  await expect.poll(() => photoWidth(supplier.page.getByTestId('order-row').first())).toBeGreaterThan(0);
  await saveScreenshot(supplier.page, { path: `${SHOTS}/order-seller-list-desktop.png`, fullPage: true });
  await supplier.page.goto(`${stack.url}/admin/ordenes/${orderId}`);
  await expect(supplier.page.getByTestId('order-state')).toHaveAttribute('data-state', 'in_process');
  await sellerNext(supplier.page, 'to_deliver');
  await shopper.page.reload();
  await expect(shopper.page.getByTestId('order-state')).toHaveAttribute('data-state', 'to_deliver');
  // shipping asks for the tracking number
  await supplier.page.getByTestId('order-action-next').click();
  await supplier.page.getByTestId('ship-tracking-number').fill('EST123456789MX');
  await supplier.page.getByTestId('ship-submit').click();
  await expect(supplier.page.getByTestId('order-state')).toHaveAttribute('data-state', 'in_transit');
  await saveScreenshot(supplier.page, { path: `${SHOTS}/order-seller-desktop.png`, fullPage: true });
  await shopper.page.reload();
  await expect(shopper.page.getByTestId('order-tracking-number')).toContainText('EST123456789MX');
  await sellerNext(supplier.page, 'delivered');
  await shopper.page.reload();
  await expect(shopper.page.getByTestId('order-state')).toHaveAttribute('data-state', 'delivered');
  await expect(shopper.page.getByTestId('order-return-deadline')).toBeVisible();
  // the bell (issue 15): the supplier's moves became alerts; opening the panel clears the count, a click leads to the order
  const number = `#${orderId.replace(/-/g, '').slice(-8).toUpperCase()}`;
  await expect(shopper.page.getByTestId('alerts-badge')).toBeVisible({ timeout: 15_000 });
  await shopper.page.getByTestId('alerts-bell').click();
  const moved = shopper.page.getByTestId('alert-item').filter({ hasText: `Tu pedido ${number} cambió de estado: En tránsito.` });
  await expect(moved).toBeVisible();
  await expect(shopper.page.getByTestId('alerts-badge')).toBeHidden();
  // the panel fades in: shoot it once opaque
  await expect(shopper.page.getByTestId('alerts-panel')).toHaveCSS('opacity', '1');
  await saveScreenshot(shopper.page, { path: `${SHOTS}/alerts-panel-desktop.png` });
  await moved.click();
  await shopper.page.waitForURL(new RegExp(`/mis-compras/${orderId}$`));
  await expect(shopper.page.getByTestId('order-state')).toHaveAttribute('data-state', 'delivered');
  // a review of the delivered line, shown on the item's page (the catalogue keeps the average from the event)
  await shopper.page.getByTestId('review-button-l1').click();
  // Mantine's Rating: the fifth star's label (its radio input is visually hidden)
  await shopper.page.getByTestId('review-rating').locator('label').last().click();
  await expect(shopper.page.getByTestId('review-rating-text')).toHaveText('5 estrellas');
  await shopper.page.getByTestId('review-title').fill('Hermosa pieza');
  await shopper.page.getByTestId('review-text').fill('Llegó bien empacada y es tal como en la foto.');
  await shopper.page.getByTestId('review-submit').click();
  await expect(shopper.page.getByText('Reseña creada')).toBeVisible();
  const line = (await (
    await shopper.context.request.get(`${stack.url}/api/orders/${DEMO.users.customer.id}:${DEMO.users.customer.id}/orders/${orderId}`, {
      headers: { authorization: `Bearer ${await customerToken(shopper.context)}` },
    })
  ).json()) as { lines: { item_id: string }[] };
  await shopper.page.goto(shop(`/productos/${DEMO.users.supplierA.id}/${line.lines[0].item_id}`));
  await expect(shopper.page.getByTestId('item-reviews')).toContainText('Hermosa pieza');
  await saveScreenshot(shopper.page, { path: `${SHOTS}/order-review-item-desktop.png`, fullPage: true });
  await shopper.page.goBack();
  await shopper.page.setViewportSize(PHONE);
  // back on the order: shoot it once its line's photo is in (the phone shot had an empty frame where it goes)
  await expect(shopper.page.getByTestId('order-state')).toHaveAttribute('data-state', 'delivered');
  await expect.poll(() => photoWidth(shopper.page.getByTestId('order-line').first())).toBeGreaterThan(0);
  await saveScreenshot(shopper.page, { path: `${SHOTS}/order-customer-phone.png`, fullPage: true });
  // the purchases list shows it, newest first
  await shopper.page.goto(`${stack.url}/mis-compras`);
  await expect(shopper.page.getByTestId('order-row').first()).toBeVisible();
  await expect.poll(() => photoWidth(shopper.page.getByTestId('order-row').first())).toBeGreaterThan(0);
  await saveScreenshot(shopper.page, { path: `${SHOTS}/order-list-phone.png`, fullPage: true });
  await supplier.context.close();
  await shopper.context.close();
});

test('paid after its stock hold was released and the stock is gone: the order is cancelled as unfulfillable and refunded', async ({
  browser,
}) => {
  // Supplier A's product 12, used by no other journey: the shopper's checkout holds 1 unit.
  const item = demoItemId(12);
  const shopper = await shopperAtCheckout(browser, DESKTOP, false, item);
  // The catalogue's sweep releases the hold, as it does when payment.succeeded comes later than the hold's expiry plus
  // RESERVATION_SWEEP_GRACE_SECONDS (its internal release is what the sweep runs), while the checkout is still payable.
  const catalogue = `http://127.0.0.1:${SERVICES.catalogue.port + PORT - 3000 + 1000}`;
  const released = await shopper.context.request.post(`${catalogue}${RESERVATIONS_PATH}/${shopper.checkoutId}/release`, {
    headers: { [SERVICE_SECRET_HEADER]: DEVELOPMENT_SERVICE_SECRET },
    data: {},
  });
  expect(released.status(), await released.text()).toBeLessThan(300);
  // another shopper buys every unit left, the one released included
  const olga = await signedIn(browser, DEMO.users.otherOwner.email);
  const quote = await olga.context.request.post(`${stack.url}/api/cart/shops/demo/quote`, {
    data: { items: [{ item_id: item, amount: 1 }] },
  });
  const left = ((await quote.json()) as { orders: { products: { available: number }[] }[] }).orders[0].products[0].available;
  expect(left).toBeGreaterThan(0);
  const olgaToken = (
    (await (
      await olga.context.request.post(`${stack.url}/api/auth/login`, {
        data: { username: DEMO.users.otherOwner.email, password: DEMO.password },
      })
    ).json()) as { access_token: string }
  ).access_token;
  const rest = await olga.context.request.post(`${stack.url}/api/checkout/instant`, {
    headers: { authorization: `Bearer ${olgaToken}`, 'idempotency-key': crypto.randomUUID() },
    data: { shop_slug: 'demo', item_id: item, amount: left },
  });
  expect(rest.status(), await rest.text()).toBe(201);

  // the first shopper pays: the payment is taken, but the units are gone
  await fillCard(shopper.page, SANDBOX_TEST_CARDS.approved);
  await shopper.page.getByTestId('card-form').getByTestId('pay-submit').click();
  await expectPaid(shopper.page, shopper.checkoutId);
  await shopper.page.getByRole('link', { name: 'Ver mi pedido' }).click();
  await shopper.page.waitForURL(/\/mis-compras\/[\w-]+$/);
  // the platform cancels it (catalogue.reservation.short) and the refund job gives the money back
  await expect(async () => {
    await shopper.page.reload();
    await expect(shopper.page.getByTestId('order-refund')).toHaveText(/^Reembolsamos \$/, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(shopper.page.getByTestId('order-state')).toHaveAttribute('data-state', 'cancelled_by_supplier');
  const cancellation = shopper.page.getByTestId('order-cancellation');
  await expect(cancellation).toContainText('Motivo: No se puede surtir');
  await expect(shopper.page.getByTestId('order-cancelled-by-system')).toBeVisible();
  await saveScreenshot(shopper.page, { path: `${SHOTS}/order-cancelled-no-stock-desktop.png`, fullPage: true });
  await shopper.page.setViewportSize(PHONE);
  await expect(cancellation).toBeVisible();
  await saveScreenshot(shopper.page, { path: `${SHOTS}/order-cancelled-no-stock-phone.png`, fullPage: true });
  // the stock was not sold twice: what the other shopper holds is all there is, so one more unit is refused
  const more = await shopper.context.request.post(`${stack.url}/api/checkout/instant`, {
    headers: { authorization: `Bearer ${await customerToken(shopper.context)}`, 'idempotency-key': crypto.randomUUID() },
    data: { shop_slug: 'demo', item_id: item, amount: 1 },
  });
  expect([more.status(), ((await more.json()) as { code: string }).code]).toEqual([409, 'out_of_stock']);
  await olga.context.close();
  await shopper.context.close();
});

test('orders: paid on delivery, quoted by the supplier, accepted, marked paid and delivered', async ({ browser }) => {
  const shopper = await shopperAtCheckout(browser);
  await shopper.page.getByTestId('payment-method-ondelivery').click();
  await shopper.page.getByTestId('place-order-submit').click();
  await shopper.page.waitForURL(/\/mis-compras\/[\w-]+$/);
  const orderId = shopper.page.url().split('/').pop()!;
  await expect(shopper.page.getByTestId('order-state')).toHaveAttribute('data-state', 'sent_to_supplier');

  const supplier = await signedIn(browser, DEMO.users.supplierA.email);
  await supplier.page.goto(`${stack.url}/admin/ordenes/${orderId}`);
  await supplier.page.getByTestId('order-action-confirm').click();
  const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  await supplier.page.getByTestId('quote-date').fill(inAWeek);
  await supplier.page.getByTestId('quote-cost').fill('85.50');
  await saveScreenshot(supplier.page, { path: `${SHOTS}/order-quote-desktop.png`, fullPage: true });
  await supplier.page.getByTestId('quote-submit').click();
  await expect(supplier.page.getByTestId('order-state')).toHaveAttribute('data-state', 'awaiting_customer');

  await shopper.page.reload();
  await expect(shopper.page.getByTestId('order-quote')).toContainText('85.50');
  await shopper.page.getByTestId('order-action-confirm').click();
  await expect(shopper.page.getByTestId('order-state')).toHaveAttribute('data-state', 'in_process');

  await supplier.page.reload();
  await sellerNext(supplier.page, 'to_deliver');
  await supplier.page.getByTestId('order-action-next').click();
  await supplier.page.getByTestId('ship-submit').click();
  await expect(supplier.page.getByTestId('order-state')).toHaveAttribute('data-state', 'in_transit');
  await sellerNext(supplier.page, 'paid');
  await sellerNext(supplier.page, 'delivered');
  await shopper.page.reload();
  await expect(shopper.page.getByTestId('order-state')).toHaveAttribute('data-state', 'delivered');
  await supplier.context.close();
  await shopper.context.close();
});

test('orders: an experience for 2 attendees, its tickets downloaded, checked in once at the door, a second scan refused', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'es-MX', viewport: DESKTOP });
  const request = context.request;
  const login = await request.post(`${stack.url}/api/auth/login`, {
    data: { username: DEMO.users.customer.email, password: DEMO.password, locale: 'es' },
  });
  const auth = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
  // supplier A's experience (demo item 30): no delivery, one attendee per ticket
  const created = await request.post(`${stack.url}/api/checkout/instant`, {
    headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
    data: { shop_slug: 'demo', item_id: demoItemId(30), amount: 2 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const checkoutId = ((await created.json()) as { id: string }).id;
  const contact = await request.put(`${stack.url}/api/checkout/${checkoutId}/contact`, {
    headers: auth,
    data: { name: 'Carla Cliente', email: DEMO.users.customer.email, phone: '3312345678', phone_country: 'MX' },
  });
  expect(contact.status(), await contact.text()).toBe(200);
  const attendees = await request.put(`${stack.url}/api/checkout/${checkoutId}/attendees`, {
    headers: auth,
    data: {
      attendees: [
        { full_name: 'Carla Cliente', phone: '3312345678' },
        { full_name: 'Luis Pérez', phone: '3398765432' },
      ],
    },
  });
  expect(attendees.status(), await attendees.text()).toBe(200);
  const page = await context.newPage();
  await page.goto(shop(`/comprar?checkout=${checkoutId}`));
  // spec 3 §5: the attendee information must be reviewed before paying
  await page.getByTestId('attendees-reviewed').check();
  await fillCard(page, SANDBOX_TEST_CARDS.approved);
  await page.getByTestId('card-form').getByTestId('pay-submit').click();
  await expectPaid(page, checkoutId);
  await page.getByRole('link', { name: 'Ver mi pedido' }).click();
  await page.waitForURL(/\/mis-compras\/[\w-]+$/);
  await page.getByTestId('tickets-link').click();
  await expect(page.getByTestId('ticket-card')).toHaveCount(2);
  await saveScreenshot(page, { path: `${SHOTS}/order-tickets-desktop.png`, fullPage: true });
  // the zip of one PDF per attendee
  const download = page.waitForEvent('download');
  await page.getByTestId('tickets-download-zip').click();
  const zip = await download;
  expect(zip.suggestedFilename()).toMatch(/\.zip$/);
  const code = (await page.getByTestId('ticket-code').first().textContent())!.trim();
  expect(code).toMatch(/^vt1\./);

  // at the door: the experience's supplier enters the code by hand
  const supplier = await signedIn(browser, DEMO.users.supplierA.email);
  await supplier.page.goto(`${stack.url}/checkin`);
  await supplier.page.getByTestId('checkin-code').fill(code);
  await supplier.page.getByTestId('checkin-submit').click();
  await expect(supplier.page.getByTestId('checkin-status')).toHaveAttribute('data-status', 'checked_in');
  await saveScreenshot(supplier.page, { path: `${SHOTS}/order-checkin-desktop.png`, fullPage: true });
  await supplier.page.getByTestId('checkin-next').click();
  await supplier.page.getByTestId('checkin-code').fill(code);
  await supplier.page.getByTestId('checkin-submit').click();
  await expect(supplier.page.getByTestId('checkin-status')).toHaveAttribute('data-status', 'already_used');
  // a forged code is refused
  await supplier.page.getByTestId('checkin-next').click();
  await supplier.page.getByTestId('checkin-code').fill(`${code.slice(0, -2)}AA`);
  await supplier.page.getByTestId('checkin-submit').click();
  await expect(supplier.page.getByTestId('checkin-status')).toHaveAttribute('data-status', 'invalid');
  await supplier.context.close();
  await context.close();
});

test('orders: a dropshipped product is packed and shipped by its dropshipping supplier; the reseller sees the sale', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'es-MX', viewport: DESKTOP });
  const auth = { authorization: `Bearer ${await customerToken(context)}` };
  // demo item 2: supplier A's product, dropshipped in the demo shop (the shop's owner resells it)
  const ready = await readyCheckoutByApi(context.request, auth, demoItemId(2), 2);
  const checkout = { id: ready.checkoutId, dssupplier: ready.dssupplier };
  expect(checkout.dssupplier).toBe(DEMO.users.supplierA.id);
  const page = await context.newPage();
  await page.goto(shop(`/comprar?checkout=${checkout.id}`));
  await fillCard(page, SANDBOX_TEST_CARDS.approved);
  await page.getByTestId('card-form').getByTestId('pay-submit').click();
  await expectPaid(page, checkout.id);
  await page.getByRole('link', { name: 'Ver mi pedido' }).click();
  await page.waitForURL(/\/mis-compras\/[\w-]+$/);
  const orderId = page.url().split('/').pop()!;

  // the dropshipping supplier packs: the first-fit proposal, then one unit out of the package and back into a new one
  const ds = await signedIn(browser, DEMO.users.supplierA.email);
  await ds.page.goto(`${stack.url}/apps/me/dssupplier/orders/${orderId}`);
  await expect(ds.page.getByTestId('packing-panel')).toBeVisible();
  await expect(ds.page.getByTestId('package-1')).toBeVisible();
  await ds.page.getByTestId('move-1-l1-to').selectOption('2');
  await ds.page.getByTestId('move-1-l1-quantity').fill('1');
  await ds.page.getByTestId('move-1-l1-submit').click();
  await expect(ds.page.getByTestId('package-2')).toBeVisible();
  await saveScreenshot(ds.page, { path: `${SHOTS}/order-packing-desktop.png`, fullPage: true });
  await sellerNext(ds.page, 'to_deliver');

  // the reseller (the shop's owner, the order's supplier) sees the sale but the fulfilment is not theirs
  const reseller = await signedIn(browser, DEMO.users.demoOwner.email);
  await reseller.page.goto(`${stack.url}/admin/ordenes/${orderId}`);
  await expect(reseller.page.getByTestId('order-state')).toHaveAttribute('data-state', 'to_deliver');
  await expect(reseller.page.getByTestId('order-action-next')).toHaveCount(0);
  await reseller.context.close();
  await ds.context.close();
  await context.close();
});

/**
 * Issue 14, by API up to delivery: the demo customer buys one unit of demo item 2 (supplier A's product resold in the
 * demo shop: the shop's owner is the reseller, supplier A the dropshipping supplier) by card, and supplier A moves it
 * to delivered. Answers the order id.
 */
async function deliveredResale(request: APIRequestContext, token: string): Promise<string> {
  const auth = { authorization: `Bearer ${token}` };
  const ready = await readyCheckoutByApi(request, auth, demoItemId(2));
  const checkoutId = ready.checkoutId;
  const card = await request.post(`${stack.url}/api/payments/sandbox/tokens`, {
    data: {
      card_number: SANDBOX_TEST_CARDS.approved,
      cvv: '123',
      month: 12,
      year: new Date().getFullYear() + 2,
      holder_name: 'Carla Cliente',
    },
  });
  const paid = await request.post(`${stack.url}/api/payment/${ready.token}/order/card`, {
    headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
    data: { source_id: ((await card.json()) as { id: string }).id, return_path: '/tienda/demo/comprar' },
  });
  expect(((await paid.json()) as { status: string }).status).toBe('succeeded');
  const me = `${DEMO.users.customer.id}:${DEMO.users.customer.id}`;
  let orderId = '';
  await expect
    .poll(async () => {
      const res = await request.get(`${stack.url}/api/orders/${me}/orders/by-checkout/${checkoutId}`, { headers: auth });
      if (res.ok()) orderId = ((await res.json()) as { id: string }).id;
      return res.status();
    })
    .toBe(200);
  const ds = await request.post(`${stack.url}/api/auth/login`, {
    data: { username: DEMO.users.supplierA.email, password: DEMO.password, locale: 'es' },
  });
  const dsAuth = { authorization: `Bearer ${((await ds.json()) as { access_token: string }).access_token}` };
  const a = `${DEMO.users.supplierA.id}:${DEMO.users.supplierA.id}`;
  for (const to of ['to_deliver', 'in_transit', 'delivered']) {
    const res = await request.post(`${stack.url}/api/orders/admin/suppliers/${a}/orders/${orderId}/next`, {
      headers: { ...dsAuth, 'idempotency-key': crypto.randomUUID() },
      data: {},
    });
    expect(res.status(), await res.text()).toBe(201);
    expect(((await res.json()) as { state: string }).state).toBe(to);
  }
  return orderId;
}

test('returns and wallets: a return with a photo, a note and a partial refund, closed; the supplier and reseller see the credits, and a quiet order settles when its window closes', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // the purchases go through a context of their own (as a second device of the customer would)
  const buyer = await browser.newContext({ locale: 'es-MX' });
  const api = buyer.request;
  const token = await customerToken(buyer);
  // an order nobody returns: it settles RETURN_WINDOW_SECONDS after its delivery
  const quiet = await deliveredResale(api, token);
  const orderId = await deliveredResale(api, token);
  const customer = await signedIn(browser, DEMO.users.customer.email);

  // the customer asks for a return from the order's page: reason, a photo, comments
  await customer.page.goto(`${stack.url}/mis-compras/${orderId}`);
  await customer.page.getByTestId('order-request-return').click();
  await customer.page.waitForURL(/\/devolucion$/);
  await expect(customer.page.getByTestId('return-info')).toBeVisible();
  await customer.page.getByTestId('return-reason').click();
  await customer.page.getByRole('option', { name: 'Está defectuoso' }).click();
  await customer.page.getByTestId('return-sub-reason').fill('No enciende');
  await customer.page.getByTestId('return-photo-drop').locator('input[type=file]').setInputFiles('e2e/fixtures/logo.png');
  await expect(customer.page.getByTestId('return-photos').locator('img')).toHaveCount(1);
  await customer.page.getByTestId('return-comments').fill('Llegó sin funcionar, lo probé con dos cargadores.');
  await saveScreenshot(customer.page, { path: `${SHOTS}/return-request-desktop.png`, fullPage: true });
  await customer.page.getByTestId('return-submit').click();
  await expect(customer.page.getByText('Devolución iniciada correctamente')).toBeVisible();
  await expect(customer.page.getByTestId('return-view')).toBeVisible();
  await customer.page.setViewportSize(PHONE);
  await saveScreenshot(customer.page, { path: `${SHOTS}/return-customer-phone.png`, fullPage: true });

  // the seller (the shop's owner, who resold it) writes an internal note, refunds part of it and closes the request
  const seller = await signedIn(browser, DEMO.users.demoOwner.email);
  await seller.page.goto(`${stack.url}/admin/devoluciones`);
  await seller.page.getByTestId('return-row').first().click();
  await expect(seller.page.getByTestId('return-view')).toBeVisible();
  // the seller issues the return label: where the parcel goes, and the carrier guide they bought
  await seller.page.getByTestId('return-label-ship-to-input').fill('Bazar de Daniela\nAv. Juárez 15, Centro\nPuebla, PUE 72000');
  await seller.page.getByTestId('return-label-carrier-input').fill('Estafeta');
  await seller.page.getByTestId('return-label-tracking-input').fill('8055123456');
  await seller.page.getByTestId('return-label-submit').click();
  await expect(seller.page.getByText('Guía de devolución emitida')).toBeVisible();
  await expect(seller.page.getByTestId('return-label-tracking')).toHaveText('8055123456');
  // the item's policy is 'inbox': the customer gets it by e-mail, with a link to the request, and downloads it there
  await expect
    .poll(
      async () => {
        const res = await api.get(`${stack.url}/api/dev/mailbox?to=${encodeURIComponent(DEMO.users.customer.email)}&limit=1`);
        const body = (await res.json()) as { results: { subject: string | null; text: string }[] };
        return body.results[0]?.subject ?? 'none';
      },
      { timeout: 30_000 },
    )
    .toBe('Tu guía de devolución está lista');
  await customer.page.reload();
  await expect(customer.page.getByTestId('return-label-ship-to')).toContainText('Av. Juárez 15, Centro');
  await expect(customer.page.getByTestId('return-label-inbox')).toBeVisible();
  const labelDownload = customer.page.waitForEvent('download');
  await customer.page.getByTestId('return-label-download').click();
  const label = await labelDownload;
  expect(label.suggestedFilename()).toMatch(/^guia-devolucion-[\w-]+\.pdf$/);
  expect(
    readFileSync(await label.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await saveScreenshot(customer.page, { path: `${SHOTS}/return-label-customer-phone.png`, fullPage: true });
  await seller.page.getByRole('tab', { name: 'Comentarios' }).click();
  await seller.page.getByTestId('return-note-body').fill('Pedimos la guía de regreso al cliente.');
  await seller.page.getByLabel('Interna').check();
  await seller.page.getByTestId('return-note-submit').click();
  await expect(seller.page.getByTestId('return-note')).toContainText('Pedimos la guía de regreso');
  await seller.page.getByRole('tab', { name: 'Reembolsos' }).click();
  await seller.page.getByTestId('return-refund-amount').fill('100');
  await seller.page.getByTestId('return-refund-submit').click();
  await expect(seller.page.getByText(/Se reembolsaron correctamente \$100\.00/)).toBeVisible({ timeout: 30_000 });
  await saveScreenshot(seller.page, { path: `${SHOTS}/return-seller-desktop.png`, fullPage: true });
  await seller.page.getByTestId('return-close').click();
  await seller.page.getByTestId('return-close-confirm').click();
  await expect(seller.page.getByText('Solicitud de devolución cerrada')).toBeVisible();
  await expect(seller.page.getByTestId('return-status')).toHaveAttribute('data-status', 'closed');
  // the customer never sees the internal note
  await customer.page.reload();
  await customer.page.getByRole('tab', { name: 'Comentarios' }).click();
  await expect(customer.page.getByText('Pedimos la guía de regreso')).toHaveCount(0);

  // closing released the dispersion: the dropshipping supplier's wallet and the reseller's show the order
  const supplier = await signedIn(browser, DEMO.users.supplierA.email);
  const movementOf = (page: Page, id: string) =>
    page.getByTestId('wallet-movement').filter({ has: page.locator(`[data-testid=wallet-movement-order][href*="${id}"]`) });
  /** The wallet page (re)loaded until its movements list has answered, then the movements of order `id`. */
  const movementsOn = async (page: Page, url: string, id: string) => {
    await page.goto(url);
    await expect(page.getByTestId('wallet-movements').or(page.getByTestId('wallet-movements-empty'))).toBeVisible();
    return movementOf(page, id).count();
  };
  await expect.poll(() => movementsOn(supplier.page, `${stack.url}/me/wallet/mxn`, orderId), { intervals: [1000] }).toBeGreaterThan(0);
  await saveScreenshot(supplier.page, { path: `${SHOTS}/wallet-supplier-desktop.png`, fullPage: true });
  expect(await movementsOn(seller.page, `${stack.url}/admin/monedero/mxn`, orderId)).toBe(1);
  await seller.page.setViewportSize(PHONE);
  await saveScreenshot(seller.page, { path: `${SHOTS}/wallet-reseller-phone.png`, fullPage: true });

  // the order nobody returned settles once its window closes
  await expect
    .poll(() => movementsOn(supplier.page, `${stack.url}/me/wallet/mxn`, quiet), {
      timeout: (RETURN_WINDOW_SECONDS + 60) * 1000,
      intervals: [3000],
    })
    .toBeGreaterThan(0);
  await expect(supplier.page.getByTestId('wallet-chart')).toBeVisible();
  await saveScreenshot(supplier.page, { path: `${SHOTS}/wallet-supplier-settled-desktop.png`, fullPage: true });
  for (const c of [customer, seller, supplier]) await c.context.close();
  await buyer.close();
});

/**
 * Issue 16: a reseller buys a plan. The product cards first earn the base rate (0.5 of the margin); 'Comprar ahora'
 * on /apps/paquetes opens the package's payment page (/me/payments/{token}), the sandbox card pays it, the page names
 * the package, the membership shows active, and the same cards now earn the plan's rate (0.7).
 */
test('a reseller buys a plan and the product cards earn its commission', async ({ browser }) => {
  const { context, page } = await signedIn(browser, DEMO.users.reseller.email);
  const commission = async () => {
    await page.goto(shop('/productos'));
    const text = (await page.getByTestId('card-commission').first().textContent({ timeout: 20_000 })) ?? '';
    return Number(text.replace(/[^0-9.]/g, ''));
  };
  const before = await commission();
  expect(before).toBeGreaterThan(0);

  await page.goto(`${stack.url}/apps/paquetes`);
  await expect(page.getByTestId('membership-summary')).toBeVisible();
  await saveScreenshot(page, { path: `${SHOTS}/packages-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await saveScreenshot(page, { path: `${SHOTS}/packages-phone.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.getByTestId('package-buy-negocio_digital').click();
  await page.waitForURL(/\/me\/payments\/mp_/);
  await fillCard(page, SANDBOX_TEST_CARDS.approved);
  await saveScreenshot(page, { path: `${SHOTS}/package-payment-desktop.png`, fullPage: true });
  await page.getByTestId('card-form').getByTestId('pay-submit').click();
  await expect(page.getByTestId('paid-summary')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('paid-package')).toHaveText('Negocio digital');
  await page.getByTestId('paid-my-plan').click();
  await expect(page.getByTestId('membership-status')).toHaveText('Activo', { timeout: 20_000 });
  await saveScreenshot(page, { path: `${SHOTS}/packages-active-desktop.png`, fullPage: true });

  const after = await commission();
  // the same margin at 0.7 instead of 0.5 (each rounded to the cent)
  expect(after / before).toBeGreaterThan(1.38);
  expect(after / before).toBeLessThan(1.42);
  await context.close();
});
