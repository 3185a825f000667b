import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminProfile, authResult, fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { jsonResponse } from '@/test/render-app';
import { renderUi } from '@/test/render-ui';
import { SupplierSignupPage } from './supplier-signup-page';

const PROFILE = `GET /api/profile-admin/${ME}:${ME}/${ME}`;
const SUPPLIER = `GET /api/accounts/${ME}:${ME}/supplier`;
const OPEN = `PUT /api/accounts/${ME}:${ME}/supplier`;
const REFRESH = 'POST /api/auth/refresh';
const WAIT = { timeout: 10_000 };
const LINKS = { items: '/proveedor/articulos', newItem: '/proveedor/articulos/nuevo', settings: '/proveedor/envios-y-pagos' };
const none = { is_supplier: false, name: null, image: null, enabled: true, created_at: null };

function renderPage() {
  const onOpened = vi.fn();
  renderUi(<SupplierSignupPage links={LINKS} onOpened={onOpened} />);
  return onOpened;
}

beforeEach(resetAccountState);
afterEach(resetAccountState);

describe('become a supplier (issue 16)', { timeout: 20_000 }, () => {
  it('asks a visitor to sign in or sign up', async () => {
    fakeApi({ [REFRESH]: () => jsonResponse(401, { code: 'unauthorized', message: 'no' }) });
    renderPage();
    expect(await screen.findByTestId('supplier-signup-sign-in', {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Regístrate gratis' })).toBeTruthy();
  });

  it('opens the profile under the business name with the profile photo, refreshes the session and goes on', async () => {
    const api = fakeApi({
      [REFRESH]: () => jsonResponse(200, authResult()),
      [PROFILE]: () => jsonResponse(200, adminProfile({ full_name: 'Ana Pérez', photo: '/api/gallery/x/ana.png' })),
      [SUPPLIER]: () => jsonResponse(200, none),
      [OPEN]: async (request: Request) => {
        const body = (await request.json()) as { name: string; image: string | null };
        return jsonResponse(200, { ...none, is_supplier: true, ...body, created_at: '2026-11-27T00:00:00.000Z' });
      },
    });
    const onOpened = renderPage();
    const name = await screen.findByTestId('supplier-signup-name', {}, WAIT);
    expect((name as HTMLInputElement).value).toBe('Ana Pérez');
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('supplier-signup-submit'));
    expect(await screen.findByText('Escribe el nombre con el que vendes')).toBeTruthy();
    expect(api.callsTo(OPEN)).toHaveLength(0);
    fireEvent.change(name, { target: { value: '  Jabones Ana ' } });
    fireEvent.click(screen.getByTestId('supplier-signup-submit'));
    await waitFor(() => expect(onOpened).toHaveBeenCalled(), WAIT);
    expect(api.callsTo(OPEN)[0]!.body).toEqual({ name: 'Jabones Ana', image: '/api/gallery/x/ana.png' });
    expect(api.callsTo(REFRESH).length).toBeGreaterThan(1);
  });

  it('uploads an image of their own instead of the profile photo', async () => {
    const GALLERY = `POST /api/gallery/${ME}:${ME}`;
    const api = fakeApi({
      [REFRESH]: () => jsonResponse(200, authResult()),
      [PROFILE]: () => jsonResponse(200, adminProfile({ full_name: 'Ana Pérez', photo: '/api/gallery/x/ana.png' })),
      [SUPPLIER]: () => jsonResponse(200, none),
      [GALLERY]: () => jsonResponse(201, { id: 'img-1', url: '/api/gallery/x/jabones.png', main_colors: [] }),
      [OPEN]: async (request: Request) => jsonResponse(200, { ...none, is_supplier: true, ...((await request.json()) as object) }),
    });
    const onOpened = renderPage();
    await screen.findByTestId('supplier-signup-name', {}, WAIT);
    const file = document.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(file, { target: { files: [new File(['png'], 'jabones.png', { type: 'image/png' })] } });
    fireEvent.click(screen.getByTestId('supplier-signup-submit'));
    await waitFor(() => expect(onOpened).toHaveBeenCalled(), WAIT);
    expect(api.callsTo(GALLERY)).toHaveLength(1);
    expect(api.callsTo(OPEN)[0]!.body).toEqual({ name: 'Ana Pérez', image: '/api/gallery/x/jabones.png' });
  });

  it('shows a supplier their links, and the notice when an operator disabled them', async () => {
    fakeApi({
      [REFRESH]: () => jsonResponse(200, authResult({ keychain: ['dssupplier-admin'] })),
      [PROFILE]: () => jsonResponse(200, adminProfile()),
      [SUPPLIER]: () => jsonResponse(200, { is_supplier: true, name: 'Jabones Ana', image: null, enabled: false, created_at: null }),
    });
    renderPage();
    expect(await screen.findByText('Vendes como Jabones Ana.', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('Tu cuenta de proveedor está deshabilitada')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Publicar un artículo' }).getAttribute('href')).toBe('/proveedor/articulos/nuevo');
  });
});
