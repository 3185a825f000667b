import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, resetAccountState } from '@/test/account-fixtures';
import { shopJson } from '@/test/fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';

beforeEach(resetAccountState);
afterEach(resetAccountState);

// Whole-app renders: the first one transforms the route chunks, which is slow on a busy machine.
describe('the checkout route (spec 3 §2 routes)', { timeout: 30_000 }, () => {
  it('is the shop path plus comprar, inside the shop, and a path containing comprar-articulo lands there with its query', async () => {
    fakeApi({ 'GET /api/store/shops/by-slug/demo': () => jsonResponse(200, shopJson()) });
    const { router } = renderApp('/tienda/demo/regalo/comprar-articulo?checkout=chk_9');
    await waitFor(() => expect(router.state.location.pathname).toBe('/tienda/demo/comprar'));
    expect(router.state.location.search).toEqual({ checkout: 'chk_9' });
    // A visitor who is not signed in is asked for their contact to register and continue.
    expect(await screen.findByTestId('checkout-guest')).toBeTruthy();
  });
});
