import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authModal } from '@/lib/auth-modal-store';
import { cartBridge, localCartKey, resetCartBridge } from '@/lib/cart-bridge';
import { adminProfile, authResult, fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { itemJson, shopJson, SUPPLIER_ID } from '@/test/fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';
import { resetLocalCartCache } from './lib/local-cart';
import { cartJson, cartOrder, cartProduct, SUPPLIER_A, SUPPLIER_B } from './test/fixtures';

afterEach(() => {
  resetAccountState();
  resetCartBridge();
  window.localStorage.clear();
  resetLocalCartCache();
});

const SHOP = 'GET /api/store/shops/by-slug/demo';
const CART = 'GET /api/cart/shops/demo';
const TOTAL = 'GET /api/cart/shops/demo/total';
const QUOTE = 'POST /api/cart/shops/demo/quote';
const BULK = 'POST /api/cart/shops/demo/bulk';
const ITEMS = 'POST /api/cart/shops/demo/items';
const CHECKOUT = 'POST /api/shopping-carts/cart-1/checkout';

type Handlers = Parameters<typeof fakeApi>[0];

function anonymous(handlers: Handlers = {}) {
  return fakeApi({ [SHOP]: () => jsonResponse(200, shopJson()), ...handlers });
}

function signedIn(handlers: Handlers = {}) {
  return fakeApi({
    'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
    [`GET /api/profile-admin/${ME}:${ME}/${ME}`]: () => jsonResponse(200, adminProfile()),
    [SHOP]: () => jsonResponse(200, shopJson()),
    ...handlers,
  });
}

function totalOf(cart: ReturnType<typeof cartJson>) {
  return { total_products: cart.total_products, amount: cart.amount, amount_minor: cart.amount_minor, currency: cart.currency };
}

function twoSuppliers() {
  return cartJson([
    cartOrder(SUPPLIER_A, [
      cartProduct(1, { amount: 1, available: 2 }),
      cartProduct(2, { amount: 2, stock_type: 'ondemand', available: null }),
    ]),
    cartOrder(SUPPLIER_B, [cartProduct(3, { owner_id: SUPPLIER_B, max_purchase_amount: 1 })], { is_configured: false }),
  ]);
}

const badge = () => screen.queryByTestId('cart-count')?.textContent ?? null;
const LONG = { timeout: 10_000 };

// Whole-app renders (shop route, session, header, the cart's lazy host): slow on a busy machine.
describe('the cart (spec 1 §2 cart side panel, §4, §5, §8; spec 3 §4)', { timeout: 40_000 }, () => {
  it('shows an anonymous visitor an empty cart without asking the server, and no purchases link', async () => {
    const api = anonymous();
    renderApp('/tienda/demo/carrito');
    expect(await screen.findByText('Tu carrito está vacío', {}, LONG)).toBeTruthy();
    expect(screen.queryByTestId('my-purchases')).toBeNull();
    expect(api.callsTo(QUOTE)).toEqual([]);
    expect(api.callsTo(CART)).toEqual([]);
  });

  it('opens an empty panel for an anonymous visitor from the header icon, and closes it', async () => {
    anonymous();
    renderApp('/tienda/demo/');
    fireEvent.click(await screen.findByTestId('cart-button', {}, LONG));
    const panel = await screen.findByRole('dialog', { name: 'Tu carrito' }, LONG);
    expect(within(panel).getByText('Tu carrito está vacío')).toBeTruthy();
    expect(screen.queryByTestId('cart-count')).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Seguir comprando' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tu carrito' })).toBeNull());
  });

  it("prices an anonymous visitor's local cart through the quote, per supplier, with the count in the header", async () => {
    window.localStorage.setItem(
      localCartKey('demo'),
      JSON.stringify({
        items: [
          { item_id: 'item-1', amount: 1 },
          { item_id: 'item-2', amount: 2 },
          { item_id: 'item-3', amount: 1 },
        ],
      }),
    );
    const api = anonymous({ [QUOTE]: () => jsonResponse(200, { ...twoSuppliers(), cart_id: null }) });
    renderApp('/tienda/demo/carrito');
    await waitFor(() => expect(screen.getAllByTestId('cart-order')).toHaveLength(2), LONG);
    expect(api.callsTo(QUOTE)[0]!.body).toEqual({
      items: [
        { item_id: 'item-1', amount: 1 },
        { item_id: 'item-2', amount: 2 },
        { item_id: 'item-3', amount: 1 },
      ],
    });
    expect(api.callsTo(QUOTE)[0]!.request.headers.get('authorization')).toBeNull();
    await waitFor(() => expect(badge()).toBe('4'));
    expect(screen.getByText('Proveedora A')).toBeTruthy();
    // The order that is not configured cannot be checked out and says why.
    const [first, second] = screen.getAllByTestId('cart-order');
    expect(within(second!).getByTestId('order-not-configured')).toBeTruthy();
    expect(within(second!).getByRole<HTMLButtonElement>('button', { name: 'Continuar con la compra' }).disabled).toBe(true);
    // Checking out asks an anonymous visitor to sign in first.
    const opened = vi.spyOn(authModal, 'open');
    fireEvent.click(within(first!).getByRole('button', { name: 'Continuar con la compra' }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith('login', { store: 'demo' }));
    expect(api.callsTo(CHECKOUT)).toEqual([]);
  });

  it('changes quantities within the rules: minus disabled at 1, the stock and purchase limits warn without a call', async () => {
    let cart = twoSuppliers();
    const api = signedIn({
      [CART]: () => jsonResponse(200, cart),
      [TOTAL]: () => jsonResponse(200, totalOf(cart)),
      'PUT /api/cart/shops/demo/lines/item-2': async (request) => {
        const { amount } = (await request.json()) as { amount: number };
        cart = cartJson([
          cartOrder(SUPPLIER_A, [cartProduct(1, { available: 2 }), cartProduct(2, { amount, stock_type: 'ondemand', available: null })]),
        ]);
        return jsonResponse(200, cart);
      },
    });
    renderApp('/tienda/demo/carrito');
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(3), LONG);
    expect(screen.getByTestId('my-purchases').getAttribute('href')).toBe('/tienda/demo/mis-compras');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Quitar una pieza de Artículo 1' }).disabled).toBe(true);

    // Artículo 1: 1 of 2 in stock -> 2 is fine, 3 is refused here.
    fireEvent.click(screen.getByRole('button', { name: 'Agregar una pieza de Artículo 3' }));
    expect(await screen.findByText('Superaste el máximo de compra: puedes llevar hasta 1 piezas de este artículo.')).toBeTruthy();
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Cantidad de Artículo 1' });
    fireEvent.change(field, { target: { value: '3' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(await screen.findByText('La cantidad que pides es mayor que las piezas disponibles (2).')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);

    // Made on demand: no stock limit; the answer replaces the cart.
    fireEvent.click(screen.getByRole('button', { name: 'Agregar una pieza de Artículo 2' }));
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Cantidad de Artículo 2' }).value).toBe('3'));
    expect(api.callsTo('PUT /api/cart/shops/demo/lines/item-2')[0]!.body).toEqual({ amount: 3 });
    await waitFor(() => expect(badge()).toBe('4'));
  });

  it("refuses typing '.', 'e' and '-' in a quantity", async () => {
    signedIn({ [CART]: () => jsonResponse(200, twoSuppliers()), [TOTAL]: () => jsonResponse(200, totalOf(twoSuppliers())) });
    renderApp('/tienda/demo/carrito');
    const field = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Cantidad de Artículo 1' }, LONG);
    for (const key of ['.', 'e', '-']) {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      field.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(true);
    }
    const digit = new KeyboardEvent('keydown', { key: '4', bubbles: true, cancelable: true });
    field.dispatchEvent(digit);
    expect(digit.defaultPrevented).toBe(false);
  });

  it('lists disabled lines apart with their reason, and a checkout creates the order’s checkout with an Idempotency-Key', async () => {
    const cart = cartJson([
      cartOrder(SUPPLIER_A, [cartProduct(1), cartProduct(4, { disabled: true, disabled_reason: 'sold_out', amount: 1, available: 0 })]),
    ]);
    document.cookie = 'referralID=ref-7; Path=/';
    const api = signedIn({
      [CART]: () => jsonResponse(200, cart),
      [TOTAL]: () => jsonResponse(200, totalOf(cart)),
      [CHECKOUT]: () => jsonResponse(201, { id: 'ck-1' }),
    });
    const { router } = renderApp('/tienda/demo/carrito');
    const apart = await screen.findByTestId('cart-order-unavailable', {}, LONG);
    expect(within(apart).getByText('Artículo 4')).toBeTruthy();
    expect(within(apart).getByText('Agotado')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continuar con la compra' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tienda/demo/comprar'), LONG);
    expect(router.state.location.search).toEqual({ checkout: 'ck-1' });
    const call = api.callsTo(CHECKOUT)[0]!;
    expect(call.body).toEqual({ supplier_id: SUPPLIER_A, referral: 'ref-7' });
    expect(call.request.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(call.request.headers.get('authorization')).toBe('Bearer token-1');
  });

  it('says a refused checkout in a notice titled Error and shows the adjusted cart', async () => {
    let cart = cartJson([cartOrder(SUPPLIER_A, [cartProduct(1, { amount: 3 })])]);
    const api = signedIn({
      [CART]: () => jsonResponse(200, cart),
      [TOTAL]: () => jsonResponse(200, totalOf(cart)),
      [CHECKOUT]: () => {
        cart = cartJson([cartOrder(SUPPLIER_A, [cartProduct(1, { amount: 2, available: 2 })])]);
        return jsonResponse(409, {
          code: 'insufficient_stock',
          message: 'x',
          adjusted: [{ item_id: 'item-1', requested: 3, amount: 2 }],
          unavailable: [],
        });
      },
    });
    renderApp('/tienda/demo/carrito');
    fireEvent.click(await screen.findByRole('button', { name: 'Continuar con la compra' }, LONG));
    expect(
      await screen.findByText('No hay piezas suficientes de algunos productos: ajustamos las cantidades de tu carrito a lo disponible.'),
    ).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Cantidad de Artículo 1' }).value).toBe('2'));
    expect(api.callsTo(CART).length).toBeGreaterThanOrEqual(2);
  });

  it('any other refusal reads as the supplier’s missing configuration', async () => {
    const cart = cartJson([cartOrder(SUPPLIER_A, [cartProduct(1)])]);
    signedIn({
      [CART]: () => jsonResponse(200, cart),
      [TOTAL]: () => jsonResponse(200, totalOf(cart)),
      [CHECKOUT]: () => jsonResponse(409, { code: 'supplier_not_configured', message: 'x' }),
    });
    renderApp('/tienda/demo/carrito');
    fireEvent.click(await screen.findByRole('button', { name: 'Continuar con la compra' }, LONG));
    expect(
      await screen.findByText(
        'El proveedor todavía no termina de configurar sus pagos y envíos, así que por ahora no es posible comprarle.',
      ),
    ).toBeTruthy();
  });

  it('merges the local cart once signed in, clears it, and says what was adjusted', async () => {
    window.localStorage.setItem(
      localCartKey('demo'),
      JSON.stringify({
        items: [
          { item_id: 'item-1', amount: 4 },
          { item_id: 'gone', amount: 1 },
          { item_id: 'item-3', amount: 1, variant: { Talla: 'M' } },
        ],
      }),
    );
    const merged = cartJson([cartOrder(SUPPLIER_A, [cartProduct(1, { amount: 2, available: 2 })])], {
      adjustments: [
        { item_id: 'item-1', line_id: 'item-1', variant: {}, requested: 4, amount: 2, code: 'quantity_exceeded' },
        { item_id: 'gone', line_id: 'gone', variant: {}, requested: 1, amount: 0, code: 'not_found' },
      ],
    });
    const api = signedIn({
      [BULK]: () => jsonResponse(200, merged),
      [CART]: () => jsonResponse(200, merged),
      [TOTAL]: () => jsonResponse(200, totalOf(merged)),
    });
    renderApp('/tienda/demo/carrito');
    await waitFor(() => expect(api.callsTo(BULK)).toHaveLength(1), LONG);
    // every local line goes, with its variant
    expect(api.callsTo(BULK)[0]!.body).toEqual({
      items: [
        { item_id: 'item-1', amount: 4 },
        { item_id: 'gone', amount: 1 },
        { item_id: 'item-3', amount: 1, variant: { Talla: 'M' } },
      ],
    });
    expect(await screen.findByText('Actualizamos tu carrito')).toBeTruthy();
    expect(screen.getByText(/Artículo 1: pediste 4, quedaron 2\./)).toBeTruthy();
    await waitFor(() => expect(window.localStorage.getItem(localCartKey('demo'))).toBeNull());
    await waitFor(() => expect(badge()).toBe('2'));
    expect(api.callsTo(QUOTE)).toEqual([]);
  });

  it('opens the panel from the header, fetching the cart; a reopening within 500 ms does not ask again', async () => {
    const cart = twoSuppliers();
    const api = signedIn({ [CART]: () => jsonResponse(200, cart), [TOTAL]: () => jsonResponse(200, totalOf(cart)) });
    renderApp('/tienda/demo/');
    await waitFor(() => expect(badge()).toBe('4'), LONG);
    expect(api.callsTo(CART)).toEqual([]);
    fireEvent.click(screen.getByTestId('cart-button'));
    const panel = await screen.findByRole('dialog', { name: 'Tu carrito' });
    await waitFor(() => expect(within(panel).getAllByTestId('cart-order')).toHaveLength(2));
    expect(api.callsTo(CART)).toHaveLength(1);
    fireEvent.click(within(panel).getByRole('button', { name: 'Cerrar el carrito' }));
    fireEvent.click(screen.getByTestId('cart-button'));
    await screen.findByRole('dialog', { name: 'Tu carrito' });
    expect(api.callsTo(CART)).toHaveLength(1);
    cartBridge.close();
    await new Promise((resolve) => setTimeout(resolve, 700));
    cartBridge.open();
    await waitFor(() => expect(api.callsTo(CART)).toHaveLength(2));
  });

  it("adds from an item page to an anonymous visitor's local cart and opens the panel as the count grows", async () => {
    const item = itemJson(1, { stock: { available: 5, stock_type: 'onstock', max_purchase_amount: 2 }, variants: { Talla: 'S, M, L' } });
    const quoteLines = () => {
      const stored = JSON.parse(window.localStorage.getItem(localCartKey('demo')) ?? '{"items":[]}') as {
        items: { amount: number; variant?: Record<string, string> }[];
      };
      const products = stored.items.map((line) =>
        cartProduct(1, { id: item.id, name: item.name, amount: line.amount, variant: line.variant ?? {}, max_purchase_amount: 2 }),
      );
      return cartJson([cartOrder(SUPPLIER_ID, products)], { cart_id: null });
    };
    const api = anonymous({
      [`GET /api/catalogue/items/${SUPPLIER_ID}/${item.id}`]: () => jsonResponse(200, item),
      [QUOTE]: () => jsonResponse(200, quoteLines()),
    });
    renderApp(`/tienda/demo/productos/${SUPPLIER_ID}/${item.id}`);
    const add = await screen.findByTestId('add-to-cart', {}, LONG);
    fireEvent.click(screen.getByRole('radio', { name: 'M' }));
    fireEvent.click(add);
    await waitFor(() => expect(badge()).toBe('1'), LONG);
    // the local line keeps the chosen variant
    expect(JSON.parse(window.localStorage.getItem(localCartKey('demo'))!)).toEqual({
      items: [{ item_id: item.id, amount: 1, variant: { Talla: 'M' } }],
    });
    expect(api.callsTo(QUOTE).at(-1)!.body).toEqual({ items: [{ item_id: item.id, amount: 1, variant: { Talla: 'M' } }] });
    expect(await screen.findByText('Se agregó a tu carrito (M)')).toBeTruthy();
    // spec 1 §2: the panel opens by itself when the count grows; the line shows its variant under the name.
    const panel = await screen.findByRole('dialog', { name: 'Tu carrito' });
    await waitFor(() => expect(within(panel).getByText('Producto 1')).toBeTruthy());
    expect(within(panel).getByTestId('line-variant').textContent).toBe('Talla: M');
    // Another size is another line.
    fireEvent.click(screen.getByRole('radio', { name: 'S' }));
    fireEvent.click(add);
    await waitFor(() => expect(badge()).toBe('2'));
    expect(JSON.parse(window.localStorage.getItem(localCartKey('demo'))!).items).toEqual([
      { item_id: item.id, amount: 1, variant: { Talla: 'M' } },
      { item_id: item.id, amount: 1, variant: { Talla: 'S' } },
    ]);
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByTestId('line-variant')
          .map((line) => line.textContent),
      ).toEqual(['Talla: M', 'Talla: S']),
    );
    // A third unit, in any size, is beyond the maximum per purchase of the item: warned, nothing stored.
    fireEvent.click(screen.getByRole('radio', { name: 'L' }));
    fireEvent.click(add);
    expect(await screen.findByText('Superaste el máximo de compra: puedes llevar hasta 2 piezas de este artículo.')).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem(localCartKey('demo'))!).items).toHaveLength(2);
    // Removing one size's line leaves the other.
    fireEvent.click(within(panel).getByRole('button', { name: 'Eliminar Producto 1 (Talla: M) del carrito' }));
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem(localCartKey('demo'))!).items).toEqual([
        { item_id: item.id, amount: 1, variant: { Talla: 'S' } },
      ]),
    );
  });

  it("adds a signed-in user's item on the server, and 'Comprar ahora' goes to the instant checkout", async () => {
    const item = itemJson(2, { variants: { Color: 'Rojo, Azul', Material: 'Barro' } });
    let cart = cartJson([cartOrder(SUPPLIER_ID, [cartProduct(7)])]);
    const api = signedIn({
      [`GET /api/catalogue/items/${SUPPLIER_ID}/${item.id}`]: () => jsonResponse(200, item),
      [TOTAL]: () => jsonResponse(200, totalOf(cart)),
      [CART]: () => jsonResponse(200, cart),
      [ITEMS]: () => {
        cart = cartJson([cartOrder(SUPPLIER_ID, [cartProduct(7), cartProduct(2, { id: item.id })])]);
        return jsonResponse(200, cart);
      },
      'POST /api/checkout/instant': () => jsonResponse(201, { id: 'ck-9' }),
    });
    const { router } = renderApp(`/tienda/demo/productos/${SUPPLIER_ID}/${item.id}`);
    const add = await screen.findByTestId('add-to-cart', {}, LONG);
    await waitFor(() => expect(badge()).toBe('1'), LONG);
    fireEvent.click(add);
    await waitFor(() => expect(api.callsTo(ITEMS)).toHaveLength(1), LONG);
    // the chosen variant: the first option of each choice until the shopper picks
    expect(api.callsTo(ITEMS)[0]!.body).toEqual({ item_id: item.id, amount: 1, variant: { Color: 'Rojo' } });
    await waitFor(() => expect(badge()).toBe('2'));
    await screen.findByRole('dialog', { name: 'Tu carrito' });
    cartBridge.close();
    fireEvent.click(screen.getByRole('radio', { name: 'Azul' }));
    fireEvent.click(screen.getByTestId('buy-now'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tienda/demo/comprar'), LONG);
    expect(router.state.location.search).toEqual({ checkout: 'ck-9' });
    const call = api.callsTo('POST /api/checkout/instant')[0]!;
    expect(call.body).toEqual({ shop_slug: 'demo', item_id: item.id, amount: 1, variant: { Color: 'Azul' } });
    expect(call.request.headers.get('idempotency-key')).toBeTruthy();
  });

  it('opens the panel after an add even when the badge had not answered yet (a quick click on a slow connection)', async () => {
    // CI's phone journey once saw the badge at 1 and no panel: the count went from unknown to 1, not up.
    const item = itemJson(2);
    let cart = cartJson([]);
    let answerTotal!: () => void;
    const totalHeld = new Promise<void>((resolve) => (answerTotal = resolve));
    const api = signedIn({
      [`GET /api/catalogue/items/${SUPPLIER_ID}/${item.id}`]: () => jsonResponse(200, item),
      [TOTAL]: async () => {
        await totalHeld;
        return jsonResponse(200, totalOf(cart));
      },
      [CART]: () => jsonResponse(200, cart),
      [ITEMS]: () => {
        cart = cartJson([cartOrder(SUPPLIER_ID, [cartProduct(2, { id: item.id })])]);
        return jsonResponse(200, cart);
      },
    });
    renderApp(`/tienda/demo/productos/${SUPPLIER_ID}/${item.id}`);
    const add = await screen.findByTestId('add-to-cart', {}, LONG);
    await waitFor(() => expect(api.callsTo(TOTAL).length).toBeGreaterThan(0), LONG);
    fireEvent.click(add);
    await waitFor(() => expect(api.callsTo(ITEMS)).toHaveLength(1), LONG);
    const panel = await screen.findByRole('dialog', { name: 'Tu carrito' }, LONG);
    await waitFor(() => expect(within(panel).getByText('Artículo 2')).toBeTruthy(), LONG);
    answerTotal();
    await waitFor(() => expect(badge()).toBe('1'));
  });

  it("shows a signed-in user's variant lines apart, limits the item across them, and changes or removes a line by its line_id", async () => {
    const s = cartProduct(1, { amount: 2, available: 3, variant: { Talla: 'S' } });
    const m = cartProduct(1, { amount: 1, available: 3, variant: { Talla: 'M' } });
    let cart = cartJson([cartOrder(SUPPLIER_A, [s, m])]);
    const api = signedIn({
      [CART]: () => jsonResponse(200, cart),
      [TOTAL]: () => jsonResponse(200, totalOf(cart)),
      [`DELETE /api/cart/shops/demo/lines/${s.line_id}`]: () => {
        cart = cartJson([cartOrder(SUPPLIER_A, [m])]);
        return jsonResponse(200, cart);
      },
    });
    renderApp('/tienda/demo/carrito');
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(2), LONG);
    expect(s.line_id).not.toBe(m.line_id);
    expect(screen.getAllByTestId('line-variant').map((line) => line.textContent)).toEqual(['Talla: S', 'Talla: M']);
    // 2 + 1 of 3 in stock: one more of either size is refused here, without a call
    fireEvent.click(screen.getByRole('button', { name: 'Agregar una pieza de Artículo 1 (Talla: M)' }));
    expect(await screen.findByText('No puedes agregar más piezas: no hay suficientes en existencia.')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar Artículo 1 (Talla: S) del carrito' }));
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1));
    expect(api.callsTo(`DELETE /api/cart/shops/demo/lines/${s.line_id}`)).toHaveLength(1);
    expect(screen.getByTestId('line-variant').textContent).toBe('Talla: M');
  });

  it('hides the cart button on checkout paths', async () => {
    anonymous();
    const { router } = renderApp('/tienda/demo/');
    expect(await screen.findByTestId('cart-button', {}, LONG)).toBeTruthy();
    await router.navigate({ href: '/tienda/demo/x/comprar-articulo/1' });
    await waitFor(() => expect(screen.queryByTestId('cart-button')).toBeNull());
  });
});
