import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authResult, adminProfile, fakeApi, resetAccountState } from '@/test/account-fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';
import { renderUi } from '@/test/render-ui';
import { accountLinks, myShopPath } from '../domain/account-links';
import { AccountHeader } from './account-header';

afterEach(resetAccountState);

const header = () => screen.getAllByRole('banner')[0]!;
const ready = () => screen.findByRole('banner');

describe('account corner of the header (spec 1 §2)', () => {
  it('shows skeletons while the session loads, then log-in and sign-up buttons to a visitor', async () => {
    let answer: (response: Response) => void = () => {};
    fakeApi({ 'POST /api/auth/refresh': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderApp('/preferencias');
    await ready();
    expect(await within(header()).findByRole('status', { name: 'Cargando tu cuenta…' })).toBeTruthy();
    answer(jsonResponse(401, { code: 'invalid_refresh_token', message: 'none' }));
    expect(await within(header()).findByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(within(header()).getByRole('button', { name: 'Regístrate' })).toBeTruthy();
    // On phones (below `sm`, hidden at the test window's width) the same two actions sit in a dropdown.
    fireEvent.click(within(header()).getByRole('button', { name: 'Cuenta', hidden: true }));
    expect(await screen.findByRole('menuitem', { name: 'Iniciar sesión', hidden: true })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Regístrate', hidden: true })).toBeTruthy();
  });

  it('opens the log-in modal and signs in with e-mail and password', async () => {
    const api = fakeApi({
      'POST /api/auth/login': () => jsonResponse(200, authResult()),
      'GET /api/profile-admin/01930000-0000-7000-8000-0000000000aa:01930000-0000-7000-8000-0000000000aa/01930000-0000-7000-8000-0000000000aa':
        () => jsonResponse(200, adminProfile()),
    });
    renderApp('/preferencias');
    await ready();
    fireEvent.click(await within(header()).findByRole('button', { name: 'Iniciar sesión' }));
    const dialog = await screen.findByRole('dialog', { name: 'Inicia sesión' });
    fireEvent.change(within(dialog).getByLabelText(/Correo electrónico/), { target: { value: 'ana@example.com' } });
    fireEvent.change(within(dialog).getByLabelText(/^Contraseña/), { target: { value: 'secreto123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Iniciar sesión' }));
    expect(await within(header()).findByRole('button', { name: 'Abrir el menú de tu cuenta' })).toBeTruthy();
    // The welcome notice shows once the modal has gone with the sign-in.
    expect(await screen.findByText('¡Hola de nuevo!')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Inicia sesión' })).toBeNull();
    expect(api.callsTo('POST /api/auth/login')[0]?.body).toEqual({ username: 'ana@example.com', password: 'secreto123', locale: 'es' });
    const profileCall = api.calls.find((call) => call.path.startsWith('/api/profile-admin/'));
    expect(profileCall?.request.headers.get('authorization')).toBe('Bearer token-1');
  });

  it('says why a log-in failed, in the form', async () => {
    fakeApi({ 'POST /api/auth/login': () => jsonResponse(401, { code: 'invalid_credentials', message: 'no' }) });
    renderApp('/preferencias');
    await ready();
    fireEvent.click(await within(header()).findByRole('button', { name: 'Iniciar sesión' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Correo electrónico/), { target: { value: 'ana@example.com' } });
    fireEvent.change(within(dialog).getByLabelText(/^Contraseña/), { target: { value: 'mala' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Iniciar sesión' }));
    expect(await within(dialog).findByText('El correo, el celular o la contraseña no son correctos.')).toBeTruthy();
  });

  it('shows the avatar once signed in; it opens a 280 px side menu with purchases, preferences and logout', async () => {
    fakeApi({
      'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
      [`GET /api/profile-admin/${authResult().meID}:${authResult().meID}/${authResult().meID}`]: () => jsonResponse(200, adminProfile()),
    });
    renderApp('/preferencias');
    await ready();
    const avatar = await within(header()).findByRole('button', { name: 'Abrir el menú de tu cuenta' });
    fireEvent.click(avatar);
    const menu = await screen.findByRole('dialog', { name: 'Tu cuenta' });
    expect(within(menu).getByText('Ana Pérez')).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Mis compras' }).getAttribute('href')).toBe('/mis-compras');
    expect(within(menu).getByRole('link', { name: 'Devoluciones' }).getAttribute('href')).toBe('/mis-compras/devoluciones');
    expect(within(menu).getByRole('link', { name: 'Monedero' }).getAttribute('href')).toBe('/me/wallet/mxn');
    expect(within(menu).getByRole('link', { name: 'Preferencias' }).getAttribute('href')).toBe('/preferencias');
    expect(within(menu).getByRole('link', { name: 'Cerrar sesión' }).getAttribute('href')).toBe('/logout?next=%2F');
    expect(within(menu).getByRole('link', { name: 'Crear mi tienda' }).getAttribute('href')).toBe('/asistentes/emprendedores');
    expect(within(menu).queryByRole('link', { name: 'Mi tienda' })).toBeNull();
    expect(within(menu).getByRole('combobox', { name: 'Idioma' })).toBeTruthy();
    expect(within(menu).getByRole('button', { name: /Cambiar a tema/ })).toBeTruthy();
  });

  it("links 'Mensajes' with the unread count (issue 15: GET .../unread) and marks the avatar", async () => {
    const me = authResult().meID;
    fakeApi({
      'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
      [`GET /api/profile-admin/${me}:${me}/${me}`]: () => jsonResponse(200, adminProfile()),
      [`GET /api/conversation/${me}:${me}/unread`]: () => jsonResponse(200, { pending: 3 }),
    });
    renderApp('/preferencias');
    await ready();
    fireEvent.click(await within(header()).findByRole('button', { name: 'Abrir el menú de tu cuenta' }));
    const menu = await screen.findByRole('dialog', { name: 'Tu cuenta' });
    const badge = await within(menu).findByTestId('menu-unread');
    expect(badge.textContent).toBe('3');
    expect(badge.getAttribute('aria-label')).toBe('3 mensajes sin leer');
    expect(
      within(menu)
        .getByRole('link', { name: /^Mensajes/ })
        .getAttribute('href'),
    ).toBe('/me/inbox/messages');
  });

  it('lists the shops the user collaborates in, 5 at a time (issue 16: GET .../collaborators/profiles)', async () => {
    const me = authResult().meID;
    const shop = (n: number) => ({
      shop_id: `s${n}`,
      name: `Tienda ${n}`,
      slug: `tienda-${n}`,
      photo: null,
      url: `/tienda/tienda-${n}/`,
      role: n === 1 ? 'dispatcher' : 'admin',
    });
    const api = fakeApi({
      'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
      [`GET /api/profile-admin/${me}:${me}/${me}`]: () => jsonResponse(200, adminProfile()),
      [`GET /api/accounts/${me}:${me}/collaborators/profiles`]: (request) => {
        const offset = Number(new URL(request.url).searchParams.get('offset'));
        const all = Array.from({ length: 6 }, (_, i) => shop(i + 1));
        return jsonResponse(200, { results: all.slice(offset, offset + 5), matches_estimated: 6 });
      },
    });
    renderApp('/preferencias');
    await ready();
    fireEvent.click(await within(header()).findByRole('button', { name: 'Abrir el menú de tu cuenta' }));
    const menu = await screen.findByRole('dialog', { name: 'Tu cuenta' });
    const list = await within(menu).findByTestId('collaborations');
    expect(within(list).getByText('Tiendas donde colaboras')).toBeTruthy();
    await waitFor(() => expect(within(list).getAllByTestId('collaboration')).toHaveLength(5));
    const first = within(list).getAllByTestId('collaboration')[0]!;
    expect(first.getAttribute('href')).toBe('/tienda/tienda-1/');
    expect(first.textContent).toContain('Despachador');
    fireEvent.click(within(list).getByRole('button', { name: 'Ver más' }));
    await waitFor(() => expect(within(list).getAllByTestId('collaboration')).toHaveLength(6));
    expect(within(list).queryByRole('button', { name: 'Ver más' })).toBeNull();
    const offsets = api
      .callsTo(`GET /api/accounts/${me}:${me}/collaborators/profiles`)
      .map((c) => new URL(c.request.url).searchParams.get('offset'));
    expect(offsets).toEqual(['0', '5']);
  });

  it("offers the owner's own shop ('Mi tienda', from the profile's store_slug) instead of creating one", async () => {
    fakeApi({
      'POST /api/auth/refresh': () => jsonResponse(200, authResult({ level: 2 })),
      [`GET /api/profile-admin/${authResult().meID}:${authResult().meID}/${authResult().meID}`]: () =>
        jsonResponse(
          200,
          adminProfile({ store_id: '01930000-0000-7000-8000-000000000101', store_slug: 'demo', store_name: 'Demo', level: 2 }),
        ),
    });
    renderApp('/preferencias');
    await ready();
    fireEvent.click(await within(header()).findByRole('button', { name: 'Abrir el menú de tu cuenta' }));
    const menu = await screen.findByRole('dialog', { name: 'Tu cuenta' });
    expect(within(menu).getByRole('link', { name: 'Mi tienda' }).getAttribute('href')).toBe('/tienda/demo/');
    expect(within(menu).queryByRole('link', { name: 'Crear mi tienda' })).toBeNull();
    expect(within(menu).queryByRole('link', { name: 'Mis artículos' })).toBeNull();
  });

  it("offers a supplier their items ('Mis artículos', dssupplier-admin in the keychain)", async () => {
    fakeApi({
      'POST /api/auth/refresh': () => jsonResponse(200, authResult({ keychain: ['referral', 'dssupplier-admin'] })),
      [`GET /api/profile-admin/${authResult().meID}:${authResult().meID}/${authResult().meID}`]: () =>
        jsonResponse(200, adminProfile({ keychain: ['referral', 'dssupplier-admin'] })),
    });
    renderApp('/preferencias');
    await ready();
    fireEvent.click(await within(header()).findByRole('button', { name: 'Abrir el menú de tu cuenta' }));
    const menu = await screen.findByRole('dialog', { name: 'Tu cuenta' });
    expect(within(menu).getByRole('link', { name: 'Mis artículos' }).getAttribute('href')).toBe('/proveedor/articulos');
  });

  it('makes no refresh call (and so gets no 401) for a visitor who never signed in', async () => {
    const api = fakeApi({});
    renderApp('/preferencias');
    await ready();
    expect(await within(header()).findByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(api.callsTo('POST /api/auth/refresh')).toEqual([]);
    expect(api.calls.filter((call) => call.path.startsWith('/api/auth/'))).toEqual([]);
  });

  it('keeps the skeletons while the profile loads, then the avatar', async () => {
    let answer: (response: Response) => void = () => {};
    fakeApi({
      'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
      [`GET /api/profile-admin/${authResult().meID}:${authResult().meID}/${authResult().meID}`]: () =>
        new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp('/preferencias');
    await ready();
    await waitFor(() => expect(within(header()).getByRole('status', { name: 'Cargando tu cuenta…' })).toBeTruthy());
    answer(jsonResponse(200, adminProfile()));
    expect(await within(header()).findByRole('button', { name: 'Abrir el menú de tu cuenta' })).toBeTruthy();
  });
});

describe('the alerts slot beside the avatar (spec 2 §2 Bell alerts)', () => {
  // The route passes the alerts feature's bell in; a stand-in here (features do not import each other).
  function renderHeader() {
    const router = createRouter({
      routeTree: createRootRoute({
        component: () => <AccountHeader shopPath="/" alerts={<button type="button">Alertas</button>} />,
      }),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    });
    return renderUi(<RouterProvider router={router} />);
  }

  it('shows it to a signed-in user, before the avatar', async () => {
    fakeApi({
      'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
      [`GET /api/profile-admin/${authResult().meID}:${authResult().meID}/${authResult().meID}`]: () => jsonResponse(200, adminProfile()),
    });
    renderHeader();
    const avatar = await screen.findByRole('button', { name: 'Abrir el menú de tu cuenta' }, { timeout: 10_000 });
    const bell = screen.getByRole('button', { name: 'Alertas' });
    expect(bell.compareDocumentPosition(avatar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('never shows it to a visitor', async () => {
    fakeApi({});
    renderHeader();
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Alertas' })).toBeNull();
  });
});

describe('side menu links (spec 1 §2, spec 2 §2)', () => {
  it('builds them from the shop path', () => {
    expect(accountLinks('/tienda/demo/')).toEqual({
      purchases: '/tienda/demo/mis-compras',
      sales: '/tienda/demo/admin/ordenes',
      returns: '/tienda/demo/mis-compras/devoluciones',
      wallet: '/me/wallet/mxn',
      preferences: '/tienda/demo/preferencias',
      logout: '/logout?next=%2Ftienda%2Fdemo%2F',
      createShop: '/asistentes/emprendedores',
    });
    expect(accountLinks('/tienda/demo').purchases).toBe('/tienda/demo/mis-compras');
    expect(accountLinks('/').logout).toBe('/logout?next=%2F');
  });

  it("points 'my shop' at the user's store", () => {
    expect(myShopPath('demo')).toBe('/tienda/demo/');
    expect(myShopPath(null)).toBeNull();
  });
});
