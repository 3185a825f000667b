import type { Cashout, Wallet, WalletMovement } from '@vitrina/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminProfile, authResult, fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';
import { resetNotices } from '@/test/render-ui';

const SIGNED_IN = {
  'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
  [`GET /api/profile-admin/${ME}:${ME}/${ME}`]: () => jsonResponse(200, adminProfile()),
};
const WALLET = `/api/accounts/${ME}:${ME}/wallets/mxn`;
const WAIT = { timeout: 10_000 };
const CLABE = '002010077777777771';

function wallet(overrides: Partial<Wallet> = {}): Wallet {
  return {
    wallet_type: { id: 'mxn', currency: 'MXN' },
    balance_minor: 150000,
    balance: '1500.00',
    available_for_cashout_minor: 120000,
    available_for_cashout: '1200.00',
    held_minor: 30000,
    held: '300.00',
    pending_cashout_minor: 0,
    pending_cashout: '0.00',
    next_cutoff_date: '2026-11-30T06:00:00.000Z',
    ...overrides,
  };
}

function movement(n: number, overrides: Partial<WalletMovement> = {}): WalletMovement {
  return {
    id: `mov_${n}`,
    kind: 'dispersion',
    part: 'supplier',
    order_id: 'ord_1',
    amount_minor: 85000,
    amount: '850.00',
    balance_after_minor: 150000,
    balance_after: '1500.00',
    at: '2026-11-24T10:00:00.000Z',
    ...overrides,
  };
}

function cashout(overrides: Partial<Cashout> = {}): Cashout {
  return {
    id: 'co_1',
    wallet_type_id: 'mxn',
    amount_minor: 50000,
    amount: '500.00',
    clabe: '**************7771',
    status: 'paid',
    requested_at: '2026-11-20T10:00:00.000Z',
    decided_at: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

const offsetOf = (request: Request) => Number(new URL(request.url).searchParams.get('offset'));

function walletApi(extra: Record<string, (request: Request) => Response> = {}) {
  return fakeApi({
    ...SIGNED_IN,
    [`GET ${WALLET}`]: () => jsonResponse(200, wallet()),
    [`GET ${WALLET}/history`]: () =>
      jsonResponse(200, {
        points: [
          { date: '2026-11-20', balance_minor: 50000 },
          { date: '2026-11-24', balance_minor: 150000 },
        ],
      }),
    [`GET ${WALLET}/movements`]: () =>
      jsonResponse(200, {
        results: [movement(1), movement(2, { kind: 'cashout', part: null, order_id: null, amount_minor: -50000, amount: '-500.00' })],
        matches_estimated: 2,
      }),
    [`GET ${WALLET}/cashouts`]: () => jsonResponse(200, { results: [cashout()], matches_estimated: 1 }),
    ...extra,
  });
}

const type = (testId: string, value: string) => {
  const field = screen.getByTestId(testId);
  const input = field instanceof HTMLInputElement ? field : field.querySelector('input')!;
  fireEvent.change(input, { target: { value } });
};

beforeEach(resetAccountState);
afterEach(() => {
  resetAccountState();
  resetNotices();
});

describe('the wallet page (spec 2 §2 /me/wallet/{wallet_type_id}, §3 Wallet)', { timeout: 30_000 }, () => {
  it('shows the balance, the amount available for cash-out, the held funds and the next cut-off', async () => {
    walletApi();
    renderApp('/me/wallet/mxn');
    expect((await screen.findByTestId('wallet-balance', {}, WAIT)).textContent).toBe('$1,500.00');
    expect(screen.getByTestId('wallet-available').textContent).toBe('$1,200.00');
    expect(screen.getByTestId('wallet-held').textContent).toBe('$300.00');
    expect(screen.getByTestId('wallet-next-cutoff').textContent).toBe('30 nov 2026');
    expect(screen.getByText('Disponible para retiro')).toBeTruthy();
    expect(screen.getByText('Retenido')).toBeTruthy();
    expect(screen.getByText('Próximo corte')).toBeTruthy();
  });

  it('draws the balance over time as an accessible chart', async () => {
    walletApi();
    renderApp('/me/wallet/mxn');
    const chart = await screen.findByRole('img', { name: /Saldo de los últimos 90 días: de \$500.00 .* a \$1,500.00/ }, WAIT);
    expect(chart.querySelector('path[data-testid="wallet-chart-line"]')?.getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+ L[\d.]+,[\d.]+$/);
  });

  it('lists the movements with their kind, part, order link and signed amount, and pages with Cargar más', async () => {
    const page = Array.from({ length: 20 }, (_, n) => movement(n + 1));
    walletApi({
      [`GET ${WALLET}/movements`]: (request) =>
        jsonResponse(
          200,
          offsetOf(request) === 0
            ? { results: page, matches_estimated: 21 }
            : { results: [movement(21, { kind: 'refund_credit', part: 'customer', order_id: 'ord_9' })], matches_estimated: 21 },
        ),
    });
    renderApp('/admin/monedero/mxn');
    await waitFor(() => expect(screen.getAllByTestId('wallet-movement')).toHaveLength(20), WAIT);
    const first = screen.getAllByTestId('wallet-movement')[0]!;
    expect(within(first).getByText('Liquidación de venta como vendedor')).toBeTruthy();
    expect(within(first).getByTestId('wallet-movement-amount').textContent).toBe('+$850.00');
    expect(within(first).getByTestId('wallet-movement-order').getAttribute('href')).toBe('/admin/ordenes/ord_1');
    fireEvent.click(screen.getByTestId('wallet-movements-more'));
    await waitFor(() => expect(screen.getAllByTestId('wallet-movement')).toHaveLength(21), WAIT);
    const last = screen.getAllByTestId('wallet-movement')[20]!;
    expect(within(last).getByTestId('wallet-movement-order').getAttribute('href')).toBe('/mis-compras/ord_9');
  });

  it("says 'Aún no tienes movimientos' for a new wallet, with nothing to cash out", async () => {
    walletApi({
      [`GET ${WALLET}`]: () => jsonResponse(200, wallet({ balance_minor: 0, available_for_cashout_minor: 0, held_minor: 0 })),
      [`GET ${WALLET}/history`]: () => jsonResponse(200, { points: [] }),
      [`GET ${WALLET}/movements`]: () => jsonResponse(200, { results: [], matches_estimated: 0 }),
      [`GET ${WALLET}/cashouts`]: () => jsonResponse(200, { results: [], matches_estimated: 0 }),
    });
    renderApp('/me/wallet/mxn');
    expect(await screen.findByText('Aún no tienes movimientos', {}, WAIT)).toBeTruthy();
    expect(screen.getByTestId('wallet-chart-empty')).toBeTruthy();
    expect(screen.getByTestId('wallet-cashout-nothing')).toBeTruthy();
    expect(screen.getByText('Aún no has solicitado retiros')).toBeTruthy();
  });

  it('shows the cash-outs with their status', async () => {
    walletApi({
      [`GET ${WALLET}/cashouts`]: () =>
        jsonResponse(200, {
          results: [cashout(), cashout({ id: 'co_2', status: 'requested' }), cashout({ id: 'co_3', status: 'rejected' })],
          matches_estimated: 3,
        }),
    });
    renderApp('/me/wallet/mxn');
    await waitFor(() => expect(screen.getAllByTestId('wallet-cashout')).toHaveLength(3), WAIT);
    expect(screen.getAllByTestId('wallet-cashout').map((row) => row.querySelector('.mantine-Badge-label')?.textContent)).toEqual([
      'Pagado',
      'Solicitado',
      'Rechazado',
    ]);
  });

  it('validates a cash-out (amount up to the available, an 18-digit CLABE) and sends it with an Idempotency-Key', async () => {
    const api = walletApi({
      [`POST ${WALLET}/cashouts`]: () => jsonResponse(201, cashout({ status: 'requested', amount_minor: 100000, amount: '1000.00' })),
    });
    renderApp('/me/wallet/mxn');
    await screen.findByTestId('wallet-cashout-form', {}, WAIT);
    expect(screen.getByText('Disponible: $1,200.00')).toBeTruthy();
    type('wallet-cashout-amount', '1200.01');
    type('wallet-cashout-clabe', '12345');
    fireEvent.click(screen.getByTestId('wallet-cashout-submit'));
    expect(await screen.findByText('El monto es mayor que tu saldo disponible para retiro', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('La CLABE debe tener 18 dígitos válidos')).toBeTruthy();
    type('wallet-cashout-clabe', '002010077777777772');
    type('wallet-cashout-amount', '1000');
    fireEvent.click(screen.getByTestId('wallet-cashout-submit'));
    expect(await screen.findByText('La CLABE debe tener 18 dígitos válidos', {}, WAIT)).toBeTruthy();
    expect(api.callsTo(`POST ${WALLET}/cashouts`)).toHaveLength(0);

    type('wallet-cashout-clabe', CLABE);
    fireEvent.click(screen.getByTestId('wallet-cashout-submit'));
    expect(await screen.findByText('Solicitamos tu retiro de $1,000.00', {}, WAIT)).toBeTruthy();
    const [call] = api.callsTo(`POST ${WALLET}/cashouts`);
    expect(call?.body).toEqual({ amount_minor: 100000, clabe: CLABE });
    expect(call?.request.headers.get('Idempotency-Key')).toMatch(/.{8,}/);
  });

  it("shows the server's refusal of a cash-out by its code", async () => {
    walletApi({
      [`POST ${WALLET}/cashouts`]: () => jsonResponse(422, { code: 'cashout_exceeds_available', message: 'Too much', available_minor: 0 }),
    });
    renderApp('/me/wallet/mxn');
    await screen.findByTestId('wallet-cashout-form', {}, WAIT);
    type('wallet-cashout-amount', '500');
    type('wallet-cashout-clabe', CLABE);
    fireEvent.click(screen.getByTestId('wallet-cashout-submit'));
    expect((await screen.findByTestId('wallet-cashout-refusal', {}, WAIT)).textContent).toBe(
      'El monto es mayor que tu saldo disponible para retiro',
    );
  });

  it('says so for a wallet type that is not a currency code, without asking the server', async () => {
    const api = walletApi();
    renderApp('/me/wallet/pesos');
    expect(await screen.findByText('Ese monedero no existe', {}, WAIT)).toBeTruthy();
    expect(api.calls.filter((call) => call.path.includes('/wallets/'))).toHaveLength(0);
  });
});
