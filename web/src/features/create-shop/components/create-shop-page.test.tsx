import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminProfile, authResult, fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { jsonResponse } from '@/test/render-app';
import { renderUi } from '@/test/render-ui';
import { CreateShopPage } from './create-shop-page';

const PROFILE = `GET /api/profile-admin/${ME}:${ME}/${ME}`;
const SLUG_CHECK = 'GET /api/store/shops/slug-availability';
const CREATE = 'POST /api/store/shops';
const WAIT = { timeout: 10_000 };

const free = (request: Request) => {
  const slug = new URL(request.url).searchParams.get('slug');
  return jsonResponse(200, { slug, available: true, reason: null });
};

function renderPage(extra: Partial<Parameters<typeof CreateShopPage>[0]> = {}) {
  const onReady = vi.fn();
  renderUi(
    <CreateShopPage
      origin="https://vitrina.mx"
      shopHref={(slug) => `/tienda/${slug}/`}
      onReady={onReady}
      waitOptions={{ timeoutMs: 300, intervalMs: 50 }}
      {...extra}
    />,
  );
  return onReady;
}

async function createTacosPepe() {
  await screen.findByTestId('create-shop-form', {}, WAIT);
  fireEvent.change(screen.getByTestId('create-shop-name'), { target: { value: 'Tacos Pepe' } });
  await screen.findByTestId('create-shop-slug-available', {}, WAIT);
  fireEvent.click(screen.getByRole('button', { name: 'Crear mi tienda' }));
}

beforeEach(resetAccountState);
afterEach(resetAccountState);

describe('the create-shop page', { timeout: 20_000 }, () => {
  it('shows skeletons while the session loads', () => {
    fakeApi({ 'POST /api/auth/refresh': () => new Promise<Response>(() => {}) });
    renderPage();
    expect(screen.getByLabelText('Cargando tu cuenta…').getAttribute('aria-busy')).toBe('true');
  });

  it('opens the shop anyway when the account has not caught up in time', async () => {
    const api = fakeApi({
      'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
      [PROFILE]: () => jsonResponse(200, adminProfile()),
      [SLUG_CHECK]: free,
      [CREATE]: () => jsonResponse(201, { id: 'shop-1', slug: 'tacos-pepe', name: 'Tacos Pepe' }),
    });
    const onReady = renderPage();
    await createTacosPepe();
    expect(await screen.findByTestId('create-shop-finishing', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(onReady).toHaveBeenCalledWith(expect.objectContaining({ slug: 'tacos-pepe' })), WAIT);
    expect(api.callsTo(PROFILE).length).toBeGreaterThan(2);
  });

  it("after 409 shop_already_owned reads the profile again and shows the user's shop", async () => {
    let owned = false;
    fakeApi({
      'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
      [PROFILE]: () =>
        jsonResponse(200, adminProfile(owned ? { store_id: 'shop-9', store_slug: 'mia', store_name: 'La Mía', level: 2 } : {})),
      [SLUG_CHECK]: free,
      [CREATE]: () => {
        owned = true;
        return jsonResponse(409, { code: 'shop_already_owned', message: 'owned' });
      },
    });
    const onReady = renderPage();
    await createTacosPepe();
    const owner = await screen.findByTestId('create-shop-owner', {}, WAIT);
    expect(within(owner).getByRole('heading', { name: 'Ya tienes una tienda' })).toBeTruthy();
    expect(within(owner).getByRole('link', { name: 'Ir a mi tienda' }).getAttribute('href')).toBe('/tienda/mia/');
    expect(onReady).not.toHaveBeenCalled();
  });

  it("'create store now': back signed in from the sign-up, the shop is created at once, named after the user", async () => {
    const api = fakeApi({
      'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
      [PROFILE]: () => jsonResponse(200, adminProfile({ full_name: 'Ana Pérez' })),
      [SLUG_CHECK]: (request: Request) => {
        const slug = new URL(request.url).searchParams.get('slug');
        // the name's own address is taken: a number is added
        return jsonResponse(200, { slug, available: slug !== 'tienda-de-ana', reason: slug === 'tienda-de-ana' ? 'taken' : null });
      },
      [CREATE]: async (request: Request) => {
        const body = (await request.json()) as { name: string; slug: string };
        return jsonResponse(201, { id: 'shop-1', ...body });
      },
    });
    const onReady = renderPage({ instant: true, instantNext: '/asistentes/emprendedores?nueva=1' });
    expect(await screen.findByTestId('create-shop-finishing', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(onReady).toHaveBeenCalledWith(expect.objectContaining({ name: 'Tienda de Ana' })), WAIT);
    expect(onReady.mock.calls[0]![0].slug).toMatch(/^tienda-de-ana-\d{4}$/);
    expect(api.callsTo(CREATE)).toHaveLength(1);
  });

  it("'create store now': when the shop cannot be made, the form shows with a note", async () => {
    fakeApi({
      'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
      [PROFILE]: () => jsonResponse(200, adminProfile()),
      [SLUG_CHECK]: free,
      [CREATE]: () => jsonResponse(500, { code: 'internal', message: 'down' }),
    });
    const onReady = renderPage({ instant: true });
    expect(await screen.findByTestId('create-shop-instant-failed', {}, WAIT)).toBeTruthy();
    expect(screen.getByTestId('create-shop-form')).toBeTruthy();
    expect(onReady).not.toHaveBeenCalled();
  });
});
