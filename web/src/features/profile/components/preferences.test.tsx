import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminProfile, authResult, fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';
import { profileChanges } from '../api/update-admin-profile';
import { DROP_ERROR_MS } from './profile-photo-dropzone';

afterEach(() => {
  resetAccountState();
  vi.useRealTimers();
});

const PROFILE = `/api/profile-admin/${ME}:${ME}/${ME}`;
const GALLERY = `/api/gallery/${ME}:${ME}`;

function signedIn(extra: Record<string, (request: Request) => Response | Promise<Response>> = {}) {
  return fakeApi({
    'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
    [`GET ${PROFILE}`]: () => jsonResponse(200, adminProfile({ bio: 'Vendo artesanías' })),
    ...extra,
  });
}

function dropFile(file: File) {
  expect(screen.getByRole('button', { name: 'Subir foto de perfil' })).toBeTruthy();
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

describe('profile edit (spec 2 §2, §3)', () => {
  it('sends only the non-empty fields', () => {
    expect(profileChanges({ full_name: ' Ana P ', bio: '  ', photo: '' })).toEqual({ full_name: 'Ana P' });
  });

  it('saves the name and says so', async () => {
    const api = signedIn({ [`PUT ${PROFILE}`]: () => jsonResponse(200, adminProfile({ full_name: 'Ana P. López' })) });
    renderApp('/preferencias');
    const name = await screen.findByLabelText(/Nombre completo/);
    expect((name as HTMLInputElement).value).toBe('Ana Pérez');
    fireEvent.change(name, { target: { value: 'Ana P. López' } });
    fireEvent.change(screen.getByLabelText('Acerca de ti'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Tu perfil se actualizó.')).toBeTruthy();
    const put = api.callsTo(`PUT ${PROFILE}`)[0];
    expect(put?.body).toEqual({ full_name: 'Ana P. López' });
    expect(put?.request.headers.get('authorization')).toBe('Bearer token-1');
  });

  it('tells when saving failed', async () => {
    signedIn({ [`PUT ${PROFILE}`]: () => jsonResponse(500, { code: 'internal_error', message: 'boom' }) });
    renderApp('/preferencias');
    fireEvent.change(await screen.findByLabelText(/Nombre completo/), { target: { value: 'Ana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('No pudimos actualizar tu perfil. Inténtalo de nuevo.')).toBeTruthy();
  });

  it('uploads a dropped photo to the gallery, then puts its URL in the profile', async () => {
    const api = signedIn({
      [`POST ${GALLERY}`]: () => jsonResponse(201, { url: '/media/ana.png', id: 'img-1', main_colors: ['#ffffff'] }),
      [`PUT ${PROFILE}`]: () => jsonResponse(200, adminProfile({ photo: '/media/ana.png' })),
    });
    renderApp('/preferencias');
    await screen.findByLabelText(/Nombre completo/);
    dropFile(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'ana.png', { type: 'image/png' }));
    expect(await screen.findByText('Tu foto se actualizó.')).toBeTruthy();
    const upload = api.callsTo(`POST ${GALLERY}`)[0]!;
    const form = await upload.request.clone().formData();
    expect(form.get('name')).toBe('ana.png');
    expect((form.get('image') as File).name).toBe('ana.png');
    expect(api.callsTo(`PUT ${PROFILE}`)[0]?.body).toEqual({ photo: '/media/ana.png' });
  });

  it('shows the error banner for a file too big or of another format, for 10 s', async () => {
    const api = signedIn();
    renderApp('/preferencias');
    await screen.findByLabelText(/Nombre completo/);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    dropFile(new File(['x'], 'notes.gif', { type: 'image/gif' }));
    const banner = await screen.findByText(
      'ERROR: El tamaño de archivo de la imagen sobrepasa el máximo permitido (4MB) o el formato de la imagen es inválido, por favor intente con otra.',
    );
    expect(banner.closest('[role="alert"]')).toBeTruthy();
    expect(api.callsTo(`POST ${GALLERY}`)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(DROP_ERROR_MS - 100));
    expect(screen.queryByText(/ERROR: El tamaño/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByText(/ERROR: El tamaño/)).toBeNull();
  });

  it('refuses a photo over 4,000,000 bytes before uploading it', async () => {
    const api = signedIn();
    renderApp('/preferencias');
    await screen.findByLabelText(/Nombre completo/);
    dropFile(new File([new Uint8Array(4_000_001)], 'big.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText(/ERROR: El tamaño de archivo/)).toBeTruthy();
    expect(api.callsTo(`POST ${GALLERY}`)).toHaveLength(0);
  });

  it('says the photo could not be updated when the gallery fails', async () => {
    signedIn({ [`POST ${GALLERY}`]: () => jsonResponse(503, { code: 'service_unavailable', message: 'down' }) });
    renderApp('/preferencias');
    await screen.findByLabelText(/Nombre completo/);
    dropFile(new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByText('No pudimos actualizar tu foto en este momento.')).toBeTruthy();
  });
});

describe('preferences page (/preferencias)', () => {
  it('invites a visitor to log in, and keeps language, theme and resale info', async () => {
    fakeApi({});
    renderApp('/preferencias');
    expect(await screen.findByText('Inicia sesión para editar tu nombre y tu foto.')).toBeTruthy();
    const resale = screen.getByRole<HTMLInputElement>('switch', { name: /Mostrar información de reventa/ });
    // spec 2 §4: default true, kept in a cookie for 365 days.
    expect(resale.checked).toBe(true);
    fireEvent.click(resale);
    await waitFor(() => expect(document.cookie).toContain('resale_info=false'));
    const main = screen.getByRole('main');
    fireEvent.change(within(main).getByRole('combobox', { name: 'Idioma' }), { target: { value: 'en' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Preferences' })).toBeTruthy();
    expect(document.cookie).toContain('locale=en');
  });

  it('shows the profile inside a shop too', async () => {
    signedIn({
      'GET /api/store/shops/by-slug/demo': () =>
        jsonResponse(200, { id: '01930000-0000-7000-8000-000000000101', slug: 'demo', name: 'Tienda Demo' }),
    });
    renderApp('/tienda/demo/preferencias');
    expect(await screen.findByRole('heading', { level: 1, name: 'Preferencias' })).toBeTruthy();
    expect(await screen.findByLabelText(/Nombre completo/)).toBeTruthy();
  });
});
