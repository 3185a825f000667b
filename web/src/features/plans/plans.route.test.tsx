import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminProfile, authResult, fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';
import { buyCall, MEMBERSHIP_CALL, membershipFixture, PACKAGES_CALL, packagesAnswer } from './test/fixtures';

const PROFILE = `GET /api/profile-admin/${ME}:${ME}/${ME}`;
const WAIT = { timeout: 10_000 };

beforeEach(resetAccountState);
afterEach(() => {
  resetAccountState();
  vi.restoreAllMocks();
});

const cardsIn = async () =>
  within(await screen.findByRole('list', { name: /Paquetes disponibles|Elige tu paquete/ }, WAIT))
    .getAllByRole('article')
    .map((article) => article.getAttribute('data-testid'));

describe('the plans and packages pages (spec 2 §2, issue 16)', { timeout: 30_000 }, () => {
  it('/apps/paquetes: buying a package opens /me/payments/{token}', async () => {
    fakeApi({
      'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
      [PROFILE]: () => jsonResponse(200, adminProfile()),
      [PACKAGES_CALL]: packagesAnswer,
      [MEMBERSHIP_CALL]: () => jsonResponse(200, membershipFixture()),
      [buyCall('tienda_en_linea')]: () =>
        jsonResponse(201, { payment_token: 'tok-77', package_id: 'tienda_en_linea', expires_at: '2026-12-27T18:00:00.000Z' }),
    });
    const { router } = renderApp('/apps/paquetes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Elige el paquete para tu negocio' }, WAIT)).toBeTruthy();
    const button = within(await screen.findByTestId('package-tienda_en_linea', {}, WAIT)).getByRole('button');
    await waitFor(() => expect(button.textContent).toBe('Comprar ahora'), WAIT);
    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/me/payments/tok-77'), WAIT);
  });

  it('/apps/paquetes/{package} and ?comprar={package} mark that package', async () => {
    fakeApi({ [PACKAGES_CALL]: packagesAnswer });
    renderApp('/apps/paquetes/micro');
    expect(within(await screen.findByTestId('package-micro', {}, WAIT)).getByText('Seleccionado')).toBeTruthy();
  });

  it('?comprar={package} marks the package a shop sign-up offers', async () => {
    fakeApi({ [PACKAGES_CALL]: packagesAnswer });
    renderApp('/apps/paquetes?comprar=negocio_digital');
    expect(within(await screen.findByTestId('package-negocio_digital', {}, WAIT)).getByText('Seleccionado')).toBeTruthy();
  });

  it("?comprar={package} signed in (spec 2 §4 'With a signup plan'): the account is being finished for 3 s, then the purchase opens its payment page", async () => {
    const api = fakeApi({
      'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
      [PROFILE]: () => jsonResponse(200, adminProfile()),
      [PACKAGES_CALL]: packagesAnswer,
      [MEMBERSHIP_CALL]: () => jsonResponse(200, membershipFixture()),
      [buyCall('micro')]: () => jsonResponse(201, { payment_token: 'tok-9', package_id: 'micro', expires_at: '2026-12-27T18:00:00.000Z' }),
    });
    const { router } = renderApp('/apps/paquetes?comprar=micro');
    expect(await screen.findByTestId('packages-finishing', {}, WAIT)).toBeTruthy();
    expect(api.callsTo(buyCall('micro'))).toHaveLength(0);
    await waitFor(() => expect(router.state.location.pathname).toBe('/me/payments/tok-9'), WAIT);
    expect(api.callsTo(buyCall('micro'))).toHaveLength(1);
  });

  it('/emprendedores: the affiliate landing leads to the free store and to the packages', async () => {
    fakeApi({});
    renderApp('/emprendedores');
    expect(await screen.findByRole('heading', { level: 1, name: 'Revende y gana comisiones desde hoy' }, WAIT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Crea tu tienda gratis' }).getAttribute('href')).toBe('/asistentes/emprendedores');
    expect(screen.getByRole('link', { name: 'Ver todos los paquetes' }).getAttribute('href')).toBe('/apps/paquetes');
    expect(within(screen.getByRole('list', { name: 'Lo que obtienes' })).getAllByRole('listitem')).toHaveLength(3);
  });

  it('/proveedores: the supplier landing starts the supplier sign-up', async () => {
    fakeApi({});
    renderApp('/proveedores');
    expect(await screen.findByRole('heading', { level: 1, name: 'Publica tus productos y deja que otros los vendan' }, WAIT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Comienza ahora' }).getAttribute('href')).toBe('/proveedor/registro');
  });

  it('/tiendaenlinea and /negociodigital offer their package with its buy button', async () => {
    fakeApi({ [PACKAGES_CALL]: packagesAnswer });
    renderApp('/tiendaenlinea');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tu tienda en línea, lista para vender' }, WAIT)).toBeTruthy();
    expect(await cardsIn()).toEqual(['package-tienda_en_linea']);
    const button = within(screen.getByTestId('package-tienda_en_linea')).getByRole('button');
    await waitFor(() => expect(button.textContent).toBe('Regístrate ahora'), WAIT);
    expect(screen.getByRole('link', { name: 'Ver todos los paquetes' }).getAttribute('href')).toBe('/apps/paquetes');
  });

  it('/negociodigital offers the digital business package', async () => {
    fakeApi({ [PACKAGES_CALL]: packagesAnswer });
    renderApp('/negociodigital');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lleva todo tu negocio a lo digital' }, WAIT)).toBeTruthy();
    expect(await cardsIn()).toEqual(['package-negocio_digital']);
  });

  it("/mkt/facturacion offers electronic invoicing and the micro plan's three apps", async () => {
    fakeApi({ [PACKAGES_CALL]: packagesAnswer });
    renderApp('/mkt/facturacion');
    expect(await screen.findByRole('heading', { level: 1, name: 'Factura en línea y pon tu negocio al día' }, WAIT)).toBeTruthy();
    expect(await cardsIn()).toEqual(['package-facturacion_electronica', 'package-micro']);
    const apps = within(screen.getByTestId('package-micro')).getByRole('list', { name: 'Incluye' });
    expect(
      within(apps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Facturación electrónica', 'Contabilidad electrónica', 'Nómina electrónica']);
  });
});
