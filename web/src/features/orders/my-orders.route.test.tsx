import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminProfile, authResult, fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { shopJson } from '@/test/fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';
import { MY_ORDERS, orderList, orderSummary } from './test/fixtures';

const SIGNED_IN = {
  'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
  [`GET /api/profile-admin/${ME}:${ME}/${ME}`]: () => jsonResponse(200, adminProfile()),
};
const LIST = `GET ${MY_ORDERS}`;
const WAIT = { timeout: 10_000 };

beforeEach(resetAccountState);
afterEach(resetAccountState);

// Whole-app renders: the first one transforms the route chunks, which is slow on a busy machine.
describe('my purchases (spec 3 §2 /mis-compras)', { timeout: 30_000 }, () => {
  it('asks a visitor who is not signed in to sign in', async () => {
    const api = fakeApi({});
    renderApp('/mis-compras');
    expect(await screen.findByText('Inicia sesión para ver tus compras', {}, WAIT)).toBeTruthy();
    expect(within(screen.getByTestId('orders-sign-in')).getByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(api.callsTo(LIST)).toHaveLength(0);
  });

  it('shows a skeleton while the first page loads, then the orders newest first with state, shop, total and date', async () => {
    let answer: (response: Response) => void = () => {};
    fakeApi({
      ...SIGNED_IN,
      [LIST]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderApp('/mis-compras');
    expect(await screen.findByTestId('orders-loading', {}, WAIT)).toBeTruthy();
    answer(
      jsonResponse(
        200,
        orderList([
          orderSummary(),
          orderSummary({ id: 'ord_0', state: 'cancelled_by_supplier', summary: 'Vela aromática', total_minor: 9900, sold_by: 'Velas Sol' }),
        ]),
      ),
    );
    const rows = await screen.findAllByTestId('order-row', {}, WAIT);
    expect(rows.map((row) => within(row).getByTestId('order-summary').textContent)).toEqual(['Taza de barro y 1 más', 'Vela aromática']);
    expect(within(rows[0]!).getByTestId('order-state').textContent).toBe('En tránsito');
    expect(within(rows[1]!).getByTestId('order-state').textContent).toBe('Cancelada por el vendedor');
    expect(within(rows[0]!).getByTestId('order-total').textContent).toBe('$1,234.50');
    expect(within(rows[1]!).getByText('Vendido por Velas Sol')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('order-date').textContent).toContain('Pedido #ORD_1');
    expect(rows[0]!.getAttribute('href')).toBe('/mis-compras/ord_1');
    expect(screen.queryByTestId('orders-load-more')).toBeNull();
  });

  it('says there are no purchases yet and links back to shopping', async () => {
    fakeApi({ ...SIGNED_IN, [LIST]: () => jsonResponse(200, orderList([])) });
    renderApp('/mis-compras');
    expect(await screen.findByText('Aún no tienes compras', {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Seguir comprando' }).getAttribute('href')).toBe('/');
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let calls = 0;
    fakeApi({
      ...SIGNED_IN,
      [LIST]: () =>
        ++calls === 1
          ? jsonResponse(503, { code: 'service_unavailable', message: 'down' })
          : jsonResponse(200, orderList([orderSummary()])),
    });
    renderApp('/mis-compras');
    expect(await screen.findByText('No pudimos cargar tus compras', {}, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('order-row', {}, WAIT)).toBeTruthy();
  });

  it("pages with 'Cargar más' until the last page", async () => {
    const page = (offset: number, count: number) =>
      Array.from({ length: count }, (_, i) => orderSummary({ id: `ord_${offset + i + 1}`, summary: `Pedido ${offset + i + 1}` }));
    const api = fakeApi({
      ...SIGNED_IN,
      [LIST]: (request) => {
        const offset = Number(new URL(request.url).searchParams.get('offset'));
        return jsonResponse(200, orderList(offset === 0 ? page(0, 20) : page(20, 5), 25));
      },
    });
    renderApp('/mis-compras');
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(20), WAIT);
    fireEvent.click(screen.getByTestId('orders-load-more'));
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(25), WAIT);
    expect(screen.queryByTestId('orders-load-more')).toBeNull();
    expect(api.callsTo(LIST).map((call) => new URL(call.request.url).searchParams.get('offset'))).toEqual(['0', '20']);
    expect(new URL(api.callsTo(LIST)[0]!.request.url).searchParams.get('limit')).toBe('20');
  });

  it('lives inside the shop too, with links that stay in the shop', async () => {
    fakeApi({
      ...SIGNED_IN,
      'GET /api/store/shops/by-slug/demo': () => jsonResponse(200, shopJson()),
      [LIST]: () => jsonResponse(200, orderList([orderSummary()])),
    });
    renderApp('/tienda/demo/mis-compras');
    const row = await screen.findByTestId('order-row', {}, WAIT);
    expect(row.getAttribute('href')).toBe('/tienda/demo/mis-compras/ord_1');
  });

  it('is also the list a cancellation lands on (/shopping-cart/orders)', async () => {
    fakeApi({ ...SIGNED_IN, [LIST]: () => jsonResponse(200, orderList([orderSummary()])) });
    renderApp('/shopping-cart/orders');
    const row = await screen.findByTestId('order-row', {}, WAIT);
    expect(row.getAttribute('href')).toBe('/shopping-cart/orders/ord_1');
  });
});
