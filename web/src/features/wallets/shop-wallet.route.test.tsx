import type { Wallet } from '@vitrina/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminProfile, authResult, fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { SHOP_OWNER_ID, shopJson } from '@/test/fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';
import { resetNotices } from '@/test/render-ui';

const OWNER_WALLET = `/api/accounts/${SHOP_OWNER_ID}:${SHOP_OWNER_ID}/wallets/mxn`;
const MY_WALLET = `/api/accounts/${ME}:${ME}/wallets/mxn`;
const WAIT = { timeout: 10_000 };

const wallet: Wallet = {
  wallet_type: { id: 'mxn', currency: 'MXN' },
  balance_minor: 250000,
  balance: '2500.00',
  available_for_cashout_minor: 200000,
  available_for_cashout: '2000.00',
  held_minor: 50000,
  held: '500.00',
  pending_cashout_minor: 0,
  pending_cashout: '0.00',
  next_cutoff_date: '2026-11-30T06:00:00.000Z',
};

function shopWalletApi(collaborations: Record<string, 'accountant' | 'dispatcher'>) {
  const owner = (path: string) => () =>
    path === 'movements'
      ? jsonResponse(200, {
          results: [
            {
              id: 'mov_2',
              kind: 'refund_credit',
              part: 'customer',
              order_id: 'ord_8',
              amount_minor: 10000,
              amount: '100.00',
              balance_after_minor: 260000,
              balance_after: '2600.00',
              at: '2026-11-25T10:00:00.000Z',
            },
            {
              id: 'mov_1',
              kind: 'dispersion',
              part: 'supplier',
              order_id: 'ord_7',
              amount_minor: 250000,
              amount: '2500.00',
              balance_after_minor: 250000,
              balance_after: '2500.00',
              at: '2026-11-24T10:00:00.000Z',
            },
          ],
          matches_estimated: 2,
        })
      : path === 'history'
        ? jsonResponse(200, { points: [] })
        : jsonResponse(200, { results: [], matches_estimated: 0 });
  return fakeApi({
    'POST /api/auth/refresh': () => jsonResponse(200, authResult({ level: 1, collaborations })),
    [`GET /api/profile-admin/${ME}:${ME}/${ME}`]: () => jsonResponse(200, adminProfile()),
    'GET /api/store/shops/by-slug/demo': () => jsonResponse(200, shopJson()),
    [`GET ${OWNER_WALLET}`]: () => jsonResponse(200, wallet),
    [`GET ${OWNER_WALLET}/movements`]: owner('movements'),
    [`GET ${OWNER_WALLET}/history`]: owner('history'),
    [`GET ${OWNER_WALLET}/cashouts`]: owner('cashouts'),
    [`GET ${MY_WALLET}`]: () => jsonResponse(200, { ...wallet, balance_minor: 0, balance: '0.00' }),
  });
}

beforeEach(resetAccountState);
afterEach(() => {
  resetAccountState();
  resetNotices();
});

/** issue 16: an accountant reads the shop's wallet, the owner's, from the shop's admin pages. */
describe('the shop wallet (/tienda/{shop}/admin/monedero/{wallet_type_id})', { timeout: 30_000 }, () => {
  it("shows an accountant the owner's wallet, with the shop's order links and no cash-out form", async () => {
    const api = shopWalletApi({ [SHOP_OWNER_ID]: 'accountant' });
    renderApp('/tienda/demo/admin/monedero/mxn');
    expect((await screen.findByTestId('wallet-balance', {}, WAIT)).textContent).toBe('$2,500.00');
    expect(api.callsTo(`GET ${MY_WALLET}`)).toHaveLength(0);
    await waitFor(() => expect(screen.getAllByTestId('wallet-movement')).toHaveLength(2), WAIT);
    const [credit, sale] = screen.getAllByTestId('wallet-movement');
    expect(within(sale!).getByTestId('wallet-movement-order').getAttribute('href')).toBe('/tienda/demo/admin/ordenes/ord_7');
    // the owner's own purchase (a refund credit) is not the accountant's to open: its number, no link
    expect(within(credit!).queryByTestId('wallet-movement-order')).toBeNull();
    expect(within(credit!).getByTestId('wallet-movement-order-text').textContent).toBe('Pedido #ORD_8');
    expect(await screen.findByTestId('wallet-cashout-owner-only', {}, WAIT)).toBeTruthy();
    expect(screen.queryByTestId('wallet-cashout-form')).toBeNull();
  });

  it('shows anyone else their own wallet, as /me/wallet does (a dispatcher does not read wallets)', async () => {
    const api = shopWalletApi({ [SHOP_OWNER_ID]: 'dispatcher' });
    renderApp('/tienda/demo/admin/monedero/mxn');
    expect((await screen.findByTestId('wallet-balance', {}, WAIT)).textContent).toBe('$0.00');
    expect(api.callsTo(`GET ${OWNER_WALLET}`)).toHaveLength(0);
  });
});
