import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { adminProfile, authResult, fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { itemJson, list, SHOP_OWNER_ID, shopJson } from '@/test/fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';

afterEach(resetAccountState);

const SHOP = 'GET /api/store/shops/by-slug/demo';
const ITEMS = 'GET /api/catalogue/shops/demo/items';
const EMPTY = 'Esta tienda todavía no tiene artículos';
/** The shop's catalogues row (its owner's public catalogues). */
const catalogues = (owner: string) => `GET /api/catalogue/public/referral/${owner}/catalogues`;

// Whole-app renders: slow on a busy machine.
describe('the shop home with nothing to show', { timeout: 30_000 }, () => {
  it('tells a visitor to come back, once every row answered empty', async () => {
    fakeApi({
      [SHOP]: () => jsonResponse(200, shopJson()),
      [ITEMS]: () => jsonResponse(200, list([])),
      [catalogues(SHOP_OWNER_ID)]: () => jsonResponse(200, list([])),
    });
    renderApp('/tienda/demo/');
    expect(await screen.findByText(EMPTY, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Vuelve pronto: la tienda agrega artículos con frecuencia.')).toBeTruthy();
  });

  it('tells the owner of a new shop where to add items', async () => {
    fakeApi({
      'POST /api/auth/refresh': () => jsonResponse(200, authResult({ level: 2 })),
      [`GET /api/profile-admin/${ME}:${ME}/${ME}`]: () => jsonResponse(200, adminProfile({ level: 2 })),
      [SHOP]: () => jsonResponse(200, shopJson({ owner: ME, permissions: ['admin'] })),
      [ITEMS]: () => jsonResponse(200, list([])),
      [catalogues(ME)]: () => jsonResponse(200, list([])),
    });
    renderApp('/tienda/demo/');
    expect(await screen.findByText(/Tu tienda está lista\. Agrega artículos desde «Editar»/, {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('shows no empty state when a row has items', async () => {
    fakeApi({
      [SHOP]: () => jsonResponse(200, shopJson()),
      [ITEMS]: (request) => jsonResponse(200, list(new URL(request.url).searchParams.get('type') === 'product' ? [itemJson(1)] : [])),
    });
    renderApp('/tienda/demo/');
    await waitFor(() => expect(screen.getAllByTestId('home-row-product')).toHaveLength(1), { timeout: 10_000 });
    expect(screen.queryByText(EMPTY)).toBeNull();
  });
});
