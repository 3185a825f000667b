import type { PurchaseOrder } from '@vitrina/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminProfile, authResult, fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { shopJson } from '@/test/fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';
import { renderUi } from '@/test/render-ui';
import { PaymentPanel } from './components/payment-panel';
import { attempt, CHECKOUT_ID, PAGE_PATH, paymentPage, TOKEN } from './test/fixtures';

const SIGNED_IN = {
  'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
  [`GET /api/profile-admin/${ME}:${ME}/${ME}`]: () => jsonResponse(200, adminProfile()),
};
const ORDERS = `/api/orders/${ME}:${ME}/orders`;
const WAIT = { timeout: 10_000 };

/** Only what these tests read of the order the server answers. */
const placed: Pick<PurchaseOrder, 'id' | 'checkout_id' | 'state'> = { id: 'ord_9', checkout_id: CHECKOUT_ID, state: 'sent_to_supplier' };

beforeEach(resetAccountState);
afterEach(resetAccountState);

describe('pay later (issue 13: cash on delivery, bank deposit)', { timeout: 30_000 }, () => {
  it('offers the pay-later methods the supplier enabled and places the order with an Idempotency-Key', async () => {
    const api = fakeApi({
      ...SIGNED_IN,
      [`GET ${PAGE_PATH}`]: () => jsonResponse(200, paymentPage({ enabled_payment_types: ['card', 'ondelivery', 'deposit'] })),
      [`POST ${ORDERS}`]: () => jsonResponse(201, placed),
    });
    const onOrderPlaced = vi.fn();
    renderUi(<PaymentPanel token={TOKEN} returnPath="/tienda/demo/comprar" onPaid={vi.fn()} onOrderPlaced={onOrderPlaced} />);
    const methods = await screen.findByTestId('payment-methods', {}, WAIT);
    expect(within(methods).getByText('Pago contra entrega')).toBeTruthy();
    expect(within(methods).getByText('Depósito bancario')).toBeTruthy();
    fireEvent.click(screen.getByTestId('payment-method-deposit'));
    fireEvent.click(await screen.findByTestId('place-order-submit'));
    await waitFor(() => expect(onOrderPlaced).toHaveBeenCalledOnce(), WAIT);
    expect(onOrderPlaced.mock.calls[0]?.[0]).toMatchObject({ id: 'ord_9' });
    const [call] = api.callsTo(`POST ${ORDERS}`);
    expect(call?.body).toEqual({ checkout_id: CHECKOUT_ID, payment_type: 'deposit' });
    expect(call?.request.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('says the order could not be placed, and sends the same key again on a retry after no answer', async () => {
    let calls = 0;
    const api = fakeApi({
      ...SIGNED_IN,
      [`GET ${PAGE_PATH}`]: () => jsonResponse(200, paymentPage({ enabled_payment_types: ['ondelivery'] })),
      [`POST ${ORDERS}`]: () =>
        ++calls === 1 ? jsonResponse(503, { code: 'orders_service_unavailable', message: 'down' }) : jsonResponse(201, placed),
    });
    const onOrderPlaced = vi.fn();
    renderUi(<PaymentPanel token={TOKEN} returnPath="/tienda/demo/comprar" onPaid={vi.fn()} onOrderPlaced={onOrderPlaced} />);
    fireEvent.click(await screen.findByTestId('place-order-submit', {}, WAIT));
    expect(
      await screen.findByText('No pudimos confirmar tu pedido. Elige otro método de pago o inténtalo más tarde', {}, WAIT),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('place-order-submit'));
    await waitFor(() => expect(onOrderPlaced).toHaveBeenCalledOnce(), WAIT);
    const keys = api.callsTo(`POST ${ORDERS}`).map((call) => call.request.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });
});

describe('the paid page links to the order (issue 13: the payment → order lag)', { timeout: 30_000 }, () => {
  it("asks for the order made of the payment until it exists, then offers 'Ver mi pedido'", async () => {
    let asks = 0;
    const api = fakeApi({
      ...SIGNED_IN,
      'GET /api/store/shops/by-slug/demo': () => jsonResponse(200, shopJson()),
      [`GET ${PAGE_PATH}`]: () => jsonResponse(200, paymentPage({ checkout_status: 'paid', attempt: attempt() })),
      [`GET ${ORDERS}/by-checkout/${CHECKOUT_ID}`]: () =>
        ++asks < 3
          ? jsonResponse(404, { code: 'order_not_found', message: 'Order not found' })
          : jsonResponse(200, { ...placed, state: 'in_process' }),
    });
    renderApp(`/tienda/demo/pagado/${CHECKOUT_ID}?payment=${TOKEN}`);
    expect(await screen.findByTestId('paid-order-pending', {}, WAIT)).toBeTruthy();
    const link = await screen.findByTestId('paid-view-order', {}, WAIT);
    expect(link.textContent).toBe('Ver mi pedido');
    expect(link.getAttribute('href')).toBe('/mis-compras/ord_9');
    expect(api.callsTo(`GET ${ORDERS}/by-checkout/${CHECKOUT_ID}`)).toHaveLength(3);
  });
});
