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

function renderPage() {
  const onReady = vi.fn();
  renderUi(
    <CreateShopPage
      origin="https://vitrina.mx"
      shopHref={(slug) => `/tienda/${slug}/`}
      onReady={onReady}
      waitOptions={{ timeoutMs: 300, intervalMs: 50 }}
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
});
