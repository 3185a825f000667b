import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { todayDay } from './lib/format';
import { adminProfile, authResult, fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';
import { resetNotices } from '@/test/render-ui';
import { DS_ORDERS, orderList, orderSummary, purchaseOrder, quotedOrder, SELLER_ORDERS } from './test/fixtures';

const SIGNED_IN = {
  'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
  [`GET /api/profile-admin/${ME}:${ME}/${ME}`]: () => jsonResponse(200, adminProfile()),
};
const WAIT = { timeout: 10_000 };
const ORDER = `${SELLER_ORDERS}/ord_1`;

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

/** A pay-later order the seller has to quote. */
const toQuote = () =>
  quotedOrder({
    state: 'sent_to_supplier',
    viewer: 'supplier',
    estimated_delivery_date: null,
    shipping_cost_minor: null,
    shipping_cost: null,
    actions: [
      { action: 'confirm', to: 'awaiting_customer', needs_quote: true },
      { action: 'cancel', to: 'cancelled_by_supplier', needs_quote: false },
    ],
  });

beforeEach(resetAccountState);
afterEach(() => {
  resetAccountState();
  resetNotices();
});

describe('the seller’s orders (spec 3 §2 /admin/ordenes)', { timeout: 30_000 }, () => {
  it('lists what the user sells or fulfils, and filters by state and date range', async () => {
    const api = fakeApi({
      ...SIGNED_IN,
      [`GET ${SELLER_ORDERS}`]: () =>
        jsonResponse(
          200,
          orderList([
            orderSummary({ viewer: 'supplier' }),
            orderSummary({ id: 'ord_0', viewer: 'dssupplier', customer_name: 'Luis Gómez' }),
          ]),
        ),
    });
    renderApp('/admin/ordenes');
    const rows = await screen.findAllByTestId('order-row', {}, WAIT);
    expect(within(rows[0]!).getByText('Cliente: Ana Pérez')).toBeTruthy();
    expect(within(rows[1]!).getByText('Surtes esta orden')).toBeTruthy();
    expect(rows[0]!.getAttribute('href')).toBe('/admin/ordenes/ord_1');

    type('orders-filter-from', '2026-11-01');
    type('orders-filter-to', '2026-10-01');
    expect(await screen.findByText('La fecha final no puede ser anterior a la inicial')).toBeTruthy();
    type('orders-filter-to', '2026-11-30');
    await waitFor(() => {
      const last = api.callsTo(`GET ${SELLER_ORDERS}`).at(-1)!;
      const query = new URL(last.request.url).searchParams;
      expect([query.get('from'), query.get('to')]).toEqual(['2026-11-01', '2026-11-30']);
    }, WAIT);
    const queried = api.callsTo(`GET ${SELLER_ORDERS}`).map((call) => new URL(call.request.url).searchParams.get('to'));
    expect(queried).not.toContain('2026-10-01');

    fireEvent.click(screen.getByTestId('orders-filter-state'));
    fireEvent.click(await screen.findByRole('option', { name: 'Entregada' }, WAIT));
    await waitFor(() => {
      const last = api.callsTo(`GET ${SELLER_ORDERS}`).at(-1)!;
      expect(new URL(last.request.url).searchParams.get('state')).toBe('delivered');
    }, WAIT);
  });

  it('says when nothing matches the filters', async () => {
    fakeApi({
      ...SIGNED_IN,
      [`GET ${SELLER_ORDERS}`]: (request) =>
        jsonResponse(200, orderList(new URL(request.url).searchParams.get('from') ? [] : [orderSummary()])),
    });
    renderApp('/admin/ordenes');
    await screen.findAllByTestId('order-row', {}, WAIT);
    type('orders-filter-from', '2030-01-01');
    expect(await screen.findByText('Ninguna orden cumple con los filtros.', {}, WAIT)).toBeTruthy();
  });
});

describe('the seller’s view of an order (spec 3 §2 /apps/me/store/orders/{orderid})', { timeout: 30_000 }, () => {
  it('shows the customer contact and confirms a pay-later order with a checked quote (date from today, cost in pesos)', async () => {
    const api = fakeApi({
      ...SIGNED_IN,
      [`GET ${ORDER}`]: () => jsonResponse(200, toQuote()),
      [`POST ${ORDER}/confirm`]: () => jsonResponse(201, quotedOrder({ viewer: 'supplier', actions: [] })),
    });
    renderApp('/apps/me/store/orders/ord_1');
    const contact = await screen.findByTestId('order-contact', {}, WAIT);
    expect(contact.textContent).toContain('ana@example.com');
    expect(contact.textContent).toContain('5512345678');
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar con fecha y costo de envío' }));
    await screen.findByTestId('quote-modal', {}, WAIT);

    fireEvent.click(screen.getByTestId('quote-submit'));
    expect(await screen.findByText('Indica la fecha estimada de entrega')).toBeTruthy();
    expect(screen.getByText('Escribe un importe con hasta 2 decimales, por ejemplo 150.00')).toBeTruthy();
    type('quote-date', '2020-01-01');
    type('quote-cost', '12.345');
    fireEvent.click(screen.getByTestId('quote-submit'));
    expect(await screen.findByText('La fecha no puede ser anterior a hoy')).toBeTruthy();
    expect(api.callsTo(`POST ${ORDER}/confirm`)).toHaveLength(0);

    const today = todayDay();
    type('quote-date', today);
    type('quote-cost', '150.50');
    fireEvent.click(screen.getByTestId('quote-submit'));
    await waitFor(() => expect(api.callsTo(`POST ${ORDER}/confirm`)).toHaveLength(1), WAIT);
    const [call] = api.callsTo(`POST ${ORDER}/confirm`);
    expect(call?.body).toEqual({ estimated_delivery_date: today, shipping_cost_minor: 15050 });
    expect(call?.request.headers.get('Idempotency-Key')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('order-state').textContent).toBe('Por confirmar'), WAIT);
  });

  it('asks for the tracking number when the next step ships the order', async () => {
    const api = fakeApi({
      ...SIGNED_IN,
      [`GET ${ORDER}`]: () =>
        jsonResponse(
          200,
          purchaseOrder({
            viewer: 'supplier',
            state: 'to_deliver',
            tracking_number: null,
            tracking_url: null,
            actions: [{ action: 'next', to: 'in_transit', needs_quote: false }],
          }),
        ),
      [`POST ${ORDER}/next`]: () => jsonResponse(201, purchaseOrder({ viewer: 'supplier', actions: [] })),
    });
    renderApp('/apps/me/store/orders/ord_1');
    fireEvent.click(await screen.findByRole('button', { name: 'Marcar como enviado' }, WAIT));
    await screen.findByTestId('ship-modal', {}, WAIT);
    type('ship-tracking-url', 'no es un enlace');
    fireEvent.click(screen.getByTestId('ship-submit'));
    expect(await screen.findByText('Escribe un enlace que empiece con https://')).toBeTruthy();
    type('ship-tracking-number', 'EST123456');
    type('ship-tracking-url', '');
    fireEvent.click(screen.getByTestId('ship-submit'));
    await waitFor(() => expect(api.callsTo(`POST ${ORDER}/next`)).toHaveLength(1), WAIT);
    expect(api.callsTo(`POST ${ORDER}/next`)[0]?.body).toEqual({ tracking_number: 'EST123456' });
    expect(await screen.findByText('Listo: el pedido quedó En tránsito', {}, WAIT)).toBeTruthy();
  });

  it("says a step that is the other party's is not the seller's to take", async () => {
    fakeApi({
      ...SIGNED_IN,
      [`GET ${ORDER}`]: () =>
        jsonResponse(
          200,
          purchaseOrder({ viewer: 'supplier', state: 'in_process', actions: [{ action: 'next', to: 'to_deliver', needs_quote: false }] }),
        ),
      [`POST ${ORDER}/next`]: () => jsonResponse(403, { code: 'wrong_actor', message: 'This step of the order is not yours to take' }),
    });
    renderApp('/admin/ordenes/ord_1');
    fireEvent.click(await screen.findByRole('button', { name: 'Marcar listo para entregar' }, WAIT));
    expect(await screen.findByText('Este paso del pedido le corresponde a la otra parte', {}, WAIT)).toBeTruthy();
  });

  it('cancels with one of the reasons', async () => {
    const api = fakeApi({
      ...SIGNED_IN,
      [`GET ${ORDER}`]: () => jsonResponse(200, toQuote()),
      [`DELETE ${ORDER}`]: () =>
        jsonResponse(
          200,
          quotedOrder({
            state: 'cancelled_by_supplier',
            viewer: 'supplier',
            actions: [],
            cancellation: { reason: 'cannot_be_fulfilled', message: null, by: 'supplier', at: '2026-11-26T10:00:00.000Z' },
          }),
        ),
    });
    renderApp('/apps/me/store/orders/ord_1');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar orden' }, WAIT));
    const modal = await screen.findByRole('dialog', {}, WAIT);
    fireEvent.click(within(modal).getByLabelText('No se puede surtir'));
    fireEvent.click(within(modal).getByTestId('cancel-submit'));
    await waitFor(() => expect(screen.getByTestId('order-state').textContent).toBe('Cancelada por el vendedor'), WAIT);
    expect(api.callsTo(`DELETE ${ORDER}`)[0]?.body).toEqual({ reason: 'cannot_be_fulfilled' });
  });

  it('acts through the dropshipping supplier’s routes on /apps/me/dssupplier/orders/{order}', async () => {
    const api = fakeApi({
      ...SIGNED_IN,
      [`GET ${DS_ORDERS}/ord_1`]: () =>
        jsonResponse(
          200,
          purchaseOrder({ viewer: 'dssupplier', state: 'in_process', actions: [{ action: 'next', to: 'to_deliver', needs_quote: false }] }),
        ),
      [`POST ${DS_ORDERS}/ord_1/next`]: () => jsonResponse(201, purchaseOrder({ viewer: 'dssupplier', state: 'to_deliver', actions: [] })),
    });
    renderApp('/apps/me/dssupplier/orders/ord_1');
    fireEvent.click(await screen.findByRole('button', { name: 'Marcar listo para entregar' }, WAIT));
    await waitFor(() => expect(screen.getByTestId('order-state').textContent).toBe('Por entregar'), WAIT);
    expect(api.callsTo(`POST ${DS_ORDERS}/ord_1/next`)).toHaveLength(1);
  });
});
