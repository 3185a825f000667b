import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminProfile, authResult, fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { shopJson } from '@/test/fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';
import { attempt, PAGE_PATH, paymentPage } from './test/fixtures';

const SIGNED_IN = {
  'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
  [`GET /api/profile-admin/${ME}:${ME}/${ME}`]: () => jsonResponse(200, adminProfile()),
  'GET /api/store/shops/by-slug/demo': () => jsonResponse(200, shopJson()),
};

beforeEach(resetAccountState);
afterEach(resetAccountState);

// Whole-app renders: the first one transforms the route chunks, which is slow on a busy machine.
describe('the payment routes (spec 3 §2, spec 2 §2)', { timeout: 30_000 }, () => {
  it('confirms a 3-D Secure return on the checkout path and lands on the paid page, which reads the payment again', async () => {
    const api = fakeApi({
      ...SIGNED_IN,
      [`POST ${PAGE_PATH}/attempts/att_1/return`]: () => jsonResponse(200, attempt()),
      [`GET ${PAGE_PATH}`]: () => jsonResponse(200, paymentPage({ checkout_status: 'paid', attempt: attempt({ instalments: 3 }) })),
    });
    const { router } = renderApp('/tienda/demo/comprar?checkout=chk_01&payment=pay_tok_1&payment_attempt=att_1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/tienda/demo/pagado/chk_01'), { timeout: 10_000 });
    expect(router.state.location.search).toEqual({ payment: 'pay_tok_1' });
    expect((await screen.findByTestId('paid-amount', {}, { timeout: 10_000 })).textContent).toBe('$500.00');
    expect(screen.getByText('¡Gracias por tu compra!')).toBeTruthy();
    expect(screen.getByTestId('paid-method').textContent).toBe('Tarjeta de crédito o débito · 3 pagos');
    expect(screen.getByTestId('paid-order').textContent).toBe('chk_01');
    expect(screen.getByTestId('paid-back').getAttribute('href')).toBe('/tienda/demo/');
    expect(api.callsTo(`POST ${PAGE_PATH}/attempts/att_1/return`)).toHaveLength(1);
  });

  it('goes back to the checkout, without the return parameters, when the approval page was cancelled', async () => {
    fakeApi({
      ...SIGNED_IN,
      [`POST ${PAGE_PATH}/attempts/att_1/return`]: () =>
        jsonResponse(200, attempt({ method: 'paypal', status: 'canceled', charge_id: null })),
    });
    const { router } = renderApp('/tienda/demo/comprar?checkout=chk_01&payment=pay_tok_1&payment_attempt=att_1&payment_canceled=1');
    expect(await screen.findByText('Cancelaste el pago. Elige cómo quieres pagar.', {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toEqual({ checkout: 'chk_01' }));
  });

  it('asks a visitor who is not signed in to sign in on the paid page', async () => {
    fakeApi({ 'GET /api/store/shops/by-slug/demo': () => jsonResponse(200, shopJson()) });
    renderApp('/tienda/demo/pagado/chk_01?payment=pay_tok_1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inicia sesión para ver tu compra' }, { timeout: 10_000 })).toBeTruthy();
  });

  it('shows the payment UI on its own at /me/payments/{token}', async () => {
    fakeApi({
      ...SIGNED_IN,
      [`GET ${PAGE_PATH}`]: () => jsonResponse(200, paymentPage({ enabled_payment_types: ['card', 'spei'] })),
    });
    renderApp('/me/payments/pay_tok_1');
    expect(await screen.findByTestId('me-payment-page', {}, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByTestId('payment-method-spei', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Pagar')).toBeTruthy();
  });
});
