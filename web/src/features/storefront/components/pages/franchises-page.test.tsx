import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FranchiseJson } from '@vitrina/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminProfile, authResult, fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { list, shopJson } from '@/test/fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';

afterEach(resetAccountState);

const SHOP = 'GET /api/store/shops/by-slug/demo';
const PUBLIC = 'GET /api/store/shops/by-slug/demo/franchises';
const PUBLISHED = 'GET /api/store/published/franchises';
/** The admin list of the signed-in owner (account type 'affiliate' from the keychain ['referral']). */
const ADMIN = `GET /api/store/${ME}:${ME}/affiliate/store/franchises`;

function franchise(n: number, overrides: Partial<FranchiseJson> = {}): FranchiseJson {
  return {
    id: `franchise-${n}`,
    name: `Franquicia ${n}`,
    slug: `franquicia-${n}`,
    photo: null,
    canonical_url: null,
    store_type: 'franchise',
    in_store: true,
    ...overrides,
  };
}

/** A signed-in owner of the demo shop (with the admin permission unless told otherwise). */
function signedInOwner(handlers: Parameters<typeof fakeApi>[0], permissions: string[] = ['admin']) {
  return fakeApi({
    'POST /api/auth/refresh': () => jsonResponse(200, authResult({ level: 2 })),
    [`GET /api/profile-admin/${ME}:${ME}/${ME}`]: () => jsonResponse(200, adminProfile({ level: 2 })),
    [SHOP]: () => jsonResponse(200, shopJson({ owner: ME, permissions })),
    [PUBLISHED]: () => jsonResponse(200, list([franchise(7, { in_store: false })])),
    ...handlers,
  });
}

const cards = () => screen.queryAllByTestId('franchise-name').map((name) => name.textContent);

// Whole-app renders (the route composes the session and the undo countdown): slow on a busy machine.
describe('/franquicias (spec 1 §6: admin list for the admin, the public list for everybody else)', { timeout: 30_000 }, () => {
  it("shows a visitor the franchises this shop shows, not the platform's published ones", async () => {
    const api = fakeApi({
      [SHOP]: () => jsonResponse(200, shopJson()),
      [PUBLIC]: () => jsonResponse(200, list([franchise(1, { canonical_url: 'https://sol.example' }), franchise(2)])),
      [PUBLISHED]: () => jsonResponse(200, list([franchise(9)])),
    });
    renderApp('/tienda/demo/franquicias');
    expect(await screen.findByRole('heading', { level: 1, name: 'Franquicias' }, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(cards()).toEqual(['Franquicia 1', 'Franquicia 2']));
    expect(screen.getByRole('link', { name: 'Franquicia 1' }).getAttribute('href')).toBe('https://sol.example');
    expect(screen.getByRole('link', { name: 'Franquicia 2' }).getAttribute('href')).toBe('/tienda/franquicia-2/');
    expect(api.callsTo(PUBLISHED)).toEqual([]);
    const call = new URL(api.callsTo(PUBLIC)[0]!.request.url);
    expect(Object.fromEntries(call.searchParams)).toEqual({ offset: '0', limit: '30' });
    // a visitor has nothing to remove or add
    expect(screen.queryByRole('button', { name: /Quitar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Agregar franquicias' })).toBeNull();
  });

  it('sends the search text to the shop’s list', async () => {
    const api = fakeApi({ [SHOP]: () => jsonResponse(200, shopJson()), [PUBLIC]: () => jsonResponse(200, list([franchise(3)])) });
    renderApp('/tienda/demo/franquicias?text=sol');
    await waitFor(() => expect(cards()).toEqual(['Franquicia 3']));
    expect(new URL(api.callsTo(PUBLIC).at(-1)!.request.url).searchParams.get('text')).toBe('sol');
  });

  it('says so when the shop shows no franchises', async () => {
    fakeApi({ [SHOP]: () => jsonResponse(200, shopJson()), [PUBLIC]: () => jsonResponse(200, list([])) });
    renderApp('/tienda/demo/franquicias');
    expect(await screen.findByText('Esta tienda aún no muestra franquicias', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('shows an error with a retry when the list fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    fakeApi({
      [SHOP]: () => jsonResponse(200, shopJson()),
      [PUBLIC]: () =>
        fail ? jsonResponse(503, { code: 'service_unavailable', message: 'down' }) : jsonResponse(200, list([franchise(1)])),
    });
    renderApp('/tienda/demo/franquicias');
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(within(alert).getByText('No pudimos cargar las franquicias')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(cards()).toEqual(['Franquicia 1']));
  });

  it('shows the shop’s admin the admin list once signed in; a removal waits 5 s with an undo, then is sent', async () => {
    let inStore = [franchise(1), franchise(2)];
    const api = signedInOwner({
      [ADMIN]: () => jsonResponse(200, list(inStore)),
      [PUBLIC]: () => jsonResponse(200, list([franchise(9)])),
      [`DELETE /api/store/${ME}:${ME}/affiliate/store/franchises/franchise-1`]: () => {
        inStore = inStore.filter((f) => f.id !== 'franchise-1');
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/tienda/demo/franquicias');
    await waitFor(() => expect(cards()).toEqual(['Franquicia 1', 'Franquicia 2']), { timeout: 15_000 });

    // Undo inside the window: nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Quitar Franquicia 1 de mi tienda' }));
    expect(await screen.findByText(/Eliminando… [45]/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Deshacer' }));
    expect(await screen.findByRole('button', { name: 'Quitar Franquicia 1 de mi tienda' })).toBeTruthy();

    // Left alone, the removal is sent once the window is over.
    fireEvent.click(screen.getByRole('button', { name: 'Quitar Franquicia 1 de mi tienda' }));
    expect(api.callsTo(`DELETE /api/store/${ME}:${ME}/affiliate/store/franchises/franchise-1`)).toHaveLength(0);
    expect(await screen.findByText('La franquicia se eliminó de tu tienda', {}, { timeout: 12_000 })).toBeTruthy();
    expect(api.callsTo(`DELETE /api/store/${ME}:${ME}/affiliate/store/franchises/franchise-1`)).toHaveLength(1);
    await waitFor(() => expect(cards()).toEqual(['Franquicia 2']));
    // Read again after the removal, always as the owner.
    expect(api.callsTo(ADMIN).length).toBeGreaterThanOrEqual(2);
    expect(api.callsTo(ADMIN).every((call) => call.request.headers.get('authorization') === 'Bearer token-1')).toBe(true);
  });

  it('switches from the public list to the admin list when the owner signs in, without a reload', async () => {
    const api = fakeApi({
      [SHOP]: () => jsonResponse(200, shopJson({ owner: ME, permissions: ['admin'] })),
      [PUBLIC]: () => jsonResponse(200, list([franchise(1)])),
      [ADMIN]: () => jsonResponse(200, list([franchise(1), franchise(2)])),
      [PUBLISHED]: () => jsonResponse(200, list([])),
      'POST /api/auth/login': () => jsonResponse(200, authResult({ level: 2 })),
      [`GET /api/profile-admin/${ME}:${ME}/${ME}`]: () => jsonResponse(200, adminProfile({ level: 2 })),
    });
    renderApp('/tienda/demo/franquicias');
    await waitFor(() => expect(cards()).toEqual(['Franquicia 1']), { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: /Quitar/ })).toBeNull();

    const header = screen.getAllByRole('banner')[0]!;
    fireEvent.click(await within(header).findByRole('button', { name: 'Iniciar sesión' }));
    const dialog = await screen.findByRole('dialog', { name: 'Inicia sesión' });
    fireEvent.change(within(dialog).getByLabelText(/Correo electrónico/), { target: { value: 'ana@example.com' } });
    fireEvent.change(within(dialog).getByLabelText(/^Contraseña/), { target: { value: 'secreto123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Iniciar sesión' }));

    await waitFor(() => expect(cards()).toEqual(['Franquicia 1', 'Franquicia 2']), { timeout: 10_000 });
    expect(await screen.findByRole('button', { name: 'Quitar Franquicia 2 de mi tienda' })).toBeTruthy();
    expect(api.callsTo(ADMIN).map((call) => call.request.headers.get('authorization'))).toEqual(['Bearer token-1']);
  });

  it("opens the owner tools' franchise picker from the admin's add entry", async () => {
    signedInOwner({ [ADMIN]: () => jsonResponse(200, list([])) });
    renderApp('/tienda/demo/franquicias');
    expect(await screen.findByText('Esta tienda aún no muestra franquicias', {}, { timeout: 15_000 })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar franquicias' }, { timeout: 15_000 }));
    const picker = await screen.findByRole('dialog', { name: 'Franquicias' }, { timeout: 10_000 });
    expect(await within(picker).findByText('Franquicia 7')).toBeTruthy();
  });

  it('shows an owner without the admin permission the public list, without remove buttons', async () => {
    const api = signedInOwner({ [PUBLIC]: () => jsonResponse(200, list([franchise(1)])) }, []);
    renderApp('/tienda/demo/franquicias');
    await waitFor(() => expect(cards()).toEqual(['Franquicia 1']), { timeout: 15_000 });
    expect(api.callsTo(ADMIN)).toEqual([]);
    expect(screen.queryByRole('button', { name: /Quitar/ })).toBeNull();
  });
});
