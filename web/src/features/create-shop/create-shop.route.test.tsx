import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authModal } from '@/lib/auth-modal-store';
import { sessionStore } from '@/lib/session/session-store';
import { adminProfile, authResult, fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';
import { resetNotices } from '@/test/render-ui';

const PATH = '/asistentes/emprendedores';
const PROFILE = `GET /api/profile-admin/${ME}:${ME}/${ME}`;
const SLUG_CHECK = 'GET /api/store/shops/slug-availability';
const CREATE = 'POST /api/store/shops';
const WAIT = { timeout: 10_000 };

const SIGNED_IN = {
  'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
  [PROFILE]: () => jsonResponse(200, adminProfile()),
};
const free = (request: Request) => {
  const slug = new URL(request.url).searchParams.get('slug');
  return jsonResponse(200, { slug, available: true, reason: null });
};

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

beforeEach(resetAccountState);
afterEach(() => {
  resetAccountState();
  resetNotices();
  vi.restoreAllMocks();
});

describe('/asistentes/emprendedores, create your free store (spec 2 §2, issue 16)', { timeout: 30_000 }, () => {
  it('shows a visitor what they get and asks them to sign in or sign up; once signed in, the form', async () => {
    const open = vi.spyOn(authModal, 'open');
    fakeApi({ [PROFILE]: () => jsonResponse(200, adminProfile()), [SLUG_CHECK]: free });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Crea tu tienda en línea gratis' }, WAIT)).toBeTruthy();
    const benefits = screen.getByRole('list', { name: 'Lo que obtienes' });
    expect(
      within(benefits)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['Tu propia tienda', 'Revende y gana comisiones', 'Edítala en el lugar']);
    const prompt = await screen.findByTestId('create-shop-sign-in', {}, WAIT);
    expect(within(prompt).getByRole('heading', { name: 'Inicia sesión para crear tu tienda' })).toBeTruthy();
    expect(screen.queryByTestId('create-shop-form')).toBeNull();
    fireEvent.click(within(prompt).getByRole('button', { name: 'Iniciar sesión' }));
    expect(open).toHaveBeenLastCalledWith('login');
    fireEvent.click(within(prompt).getByRole('button', { name: 'Regístrate gratis' }));
    // 'create store now' (spec 2 §2): phone first, and back here to have the shop made at once
    expect(open).toHaveBeenLastCalledWith('register', {
      createStoreOnSignup: true,
      next: '/asistentes/emprendedores?nueva=1',
      withTitle: true,
    });

    // The sign-in modal signs the user in: the page follows the session.
    act(() => sessionStore.signIn(authResult()));
    expect(await screen.findByTestId('create-shop-form', {}, WAIT)).toBeTruthy();
    expect(screen.queryByTestId('create-shop-sign-in')).toBeNull();
  });

  it("tells a user who already owns a shop 'Ya tienes una tienda' and takes them to it", async () => {
    fakeApi({
      ...SIGNED_IN,
      [PROFILE]: () => jsonResponse(200, adminProfile({ store_id: 'shop-9', store_slug: 'mia', store_name: 'La Mía', level: 2 })),
    });
    renderApp(PATH);
    const owner = await screen.findByTestId('create-shop-owner', {}, WAIT);
    expect(within(owner).getByRole('heading', { name: 'Ya tienes una tienda' })).toBeTruthy();
    expect(owner.textContent).toContain('Tu tienda La Mía ya está abierta');
    expect(within(owner).getByRole('link', { name: 'Ir a mi tienda' }).getAttribute('href')).toBe('/tienda/mia/');
    expect(screen.queryByTestId('create-shop-form')).toBeNull();
  });

  it('creates the shop, says the account is being finished while the profile catches up, then opens the shop', async () => {
    let created = false;
    let profileReads = 0;
    const api = fakeApi({
      ...SIGNED_IN,
      [PROFILE]: () => {
        if (created) profileReads += 1;
        // The accounts service gives the user their store a moment after the creation (an event).
        const hasStore = created && profileReads >= 2;
        return jsonResponse(
          200,
          adminProfile(hasStore ? { store_id: 'shop-1', store_slug: 'tacos-pepe', store_name: 'Tacos Pepe', level: 2 } : {}),
        );
      },
      [SLUG_CHECK]: free,
      [CREATE]: () => {
        created = true;
        return jsonResponse(201, { id: 'shop-1', slug: 'tacos-pepe', name: 'Tacos Pepe' });
      },
    });
    const { router } = renderApp(PATH);
    await screen.findByTestId('create-shop-form', {}, WAIT);
    type('create-shop-name', 'Tacos Pepe');
    await screen.findByTestId('create-shop-slug-available', {}, WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Crear mi tienda' }));

    const finishing = await screen.findByTestId('create-shop-finishing', {}, WAIT);
    expect(within(finishing).getByRole('heading', { name: 'Estamos terminando tu cuenta' })).toBeTruthy();
    expect(finishing.textContent).toContain('Tu tienda Tacos Pepe está creada');
    expect(api.callsTo(CREATE)[0]?.body).toEqual({ name: 'Tacos Pepe', slug: 'tacos-pepe', store_type: 'others' });
    expect(api.callsTo(CREATE)[0]?.request.headers.get('authorization')).toBe('Bearer token-1');

    await waitFor(() => expect(router.state.location.pathname).toBe('/tienda/tacos-pepe/'), WAIT);
    expect(profileReads).toBeGreaterThanOrEqual(2);
    // The session was refreshed once the store showed (the token then carries level 2).
    expect(api.callsTo('POST /api/auth/refresh').length).toBeGreaterThanOrEqual(2);
  });

  it('is reached from the account menu of a signed-in user without a shop', async () => {
    fakeApi(SIGNED_IN);
    renderApp('/preferencias');
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir el menú de tu cuenta' }, WAIT));
    const entry = await screen.findByRole('link', { name: 'Crear mi tienda' }, WAIT);
    expect(entry.getAttribute('href')).toBe(PATH);
  });
});
