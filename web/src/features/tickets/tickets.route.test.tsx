import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminProfile, authResult, fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { shopJson } from '@/test/fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';
import { ATTENDANTS, attendant, attendantList } from './test/fixtures';

const SIGNED_IN = {
  'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
  [`GET /api/profile-admin/${ME}:${ME}/${ME}`]: () => jsonResponse(200, adminProfile()),
};
const WAIT = { timeout: 10_000 };

beforeEach(resetAccountState);
afterEach(resetAccountState);

// Whole-app renders: the first one transforms the route chunks, which is slow on a busy machine.
describe('the ticket routes', { timeout: 30_000 }, () => {
  it("/mis-boletos/{order} shows the order's tickets with a way back to the order", async () => {
    fakeApi({ ...SIGNED_IN, [`GET ${ATTENDANTS}`]: () => jsonResponse(200, attendantList([attendant()])) });
    renderApp('/mis-boletos/ord_1');
    expect(await screen.findByTestId('ticket-card', {}, WAIT)).toBeTruthy();
    expect(screen.getByTestId('tickets-back').getAttribute('href')).toBe('/mis-compras/ord_1');
    // the order as the order pages write it: the last 8 characters of its id
    expect(screen.getByText('Orden #ORD_1')).toBeTruthy();
  });

  it('lives inside the shop too, leading back to the shop’s order page', async () => {
    fakeApi({
      ...SIGNED_IN,
      'GET /api/store/shops/by-slug/demo': () => jsonResponse(200, shopJson()),
      [`GET ${ATTENDANTS}`]: () => jsonResponse(200, attendantList([attendant()])),
    });
    renderApp('/tienda/demo/mis-boletos/ord_1');
    expect(await screen.findByTestId('ticket-card', {}, WAIT)).toBeTruthy();
    expect(screen.getByTestId('tickets-back').getAttribute('href')).toBe('/tienda/demo/mis-compras/ord_1');
  });

  it('/checkin is the door’s check-in, ready to scan', async () => {
    fakeApi({ ...SIGNED_IN });
    renderApp('/checkin');
    expect(await screen.findByText('Registro de entradas', {}, WAIT)).toBeTruthy();
    expect((await screen.findByTestId('checkin-status', {}, WAIT)).getAttribute('data-status')).toBe('ready');
  });
});
