import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '@/test/render-app';
import { sessionStore } from '@/lib/session/session-store';
import { authResult, fakeApi, resetAccountState } from '@/test/account-fixtures';

afterEach(resetAccountState);

const activated = () =>
  jsonResponse(200, {
    notification: { type: 'NOTIFICATION', payload: { level: 'success', message: 'Cuenta activada' } },
    auth: { type: 'SET_AUTH', payload: authResult() },
  });

describe('activation link (spec 2 §2 /activate/{key})', () => {
  it('activates once with the key and signs the user in', async () => {
    const api = fakeApi({ 'POST /api/auth/activate/key-1': activated });
    renderApp('/activate/key-1');
    expect(await screen.findByRole('heading', { name: '¡Cuenta activada!' })).toBeTruthy();
    expect(api.callsTo('POST /api/auth/activate/key-1')).toHaveLength(1);
    expect(sessionStore.getSnapshot().status).toBe('authenticated');
  });

  it('offers a new link when the key is not valid, and goes home once sent', async () => {
    const api = fakeApi({
      'POST /api/auth/activate/old-key': () => jsonResponse(404, { code: 'not_found', message: 'expired' }),
      'POST /api/auth/activate/resend': () => jsonResponse(200, { message: 'sent' }),
    });
    const { router } = renderApp('/activate/old-key');
    expect(await screen.findByRole('heading', { name: 'El enlace no funcionó' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Restablécela' }).getAttribute('href')).toBe('/password/reset/');
    fireEvent.change(screen.getByLabelText(/Correo electrónico/), { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reenviar activación' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('POST /api/auth/activate/resend')[0]?.body).toEqual({
      username: 'ana@example.com',
      activation_url: `${window.location.origin}/activate/__KEY__`,
    });
  });

  it('says when the account was already active', async () => {
    fakeApi({ 'POST /api/auth/activate/used': () => jsonResponse(409, { code: 'user_already_active', message: 'active' }) });
    renderApp('/activate/used');
    expect(await screen.findByText('Tu cuenta ya está activa. Inicia sesión.')).toBeTruthy();
  });
});

describe('/activate/pin/ (spec 2 §2)', () => {
  it('is the PIN screen, with the same query', async () => {
    fakeApi({});
    const { router } = renderApp('/activate/pin/?code=c1&type=email&username=ana%40example.com');
    expect(await screen.findByRole('heading', { name: 'Confirma tus datos' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/register/activate/');
    expect(screen.getByTestId('pin-destination').textContent).toBe('ana@example.com');
  });
});

describe('/activate/pin/ without a registration code: the activation form (spec 2 §2, §5)', () => {
  it('asks for the e-mail and the PIN, then activates with the optional new password and signs in', async () => {
    const api = fakeApi({ 'POST /api/auth/activate/pin': activated });
    const { router } = renderApp('/activate/pin/?username=ana%40example.com&next=%2Fpreferencias');
    expect(await screen.findByRole('heading', { name: 'Activa tu cuenta' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/Correo electrónico/).value).toBe('ana@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Activar mi cuenta' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    expect(api.callsTo('POST /api/auth/activate/pin')).toHaveLength(0);

    fireEvent.paste(screen.getAllByLabelText(/^PIN de 6 dígitos/)[0]!, { clipboardData: { getData: () => '123456' } });
    fireEvent.change(screen.getByLabelText(/^Contraseña nueva/), { target: { value: 'nueva-clave-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activar mi cuenta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/preferencias'));
    expect(api.callsTo('POST /api/auth/activate/pin')[0]?.body).toEqual({
      type: 'email',
      username: 'ana@example.com',
      email: 'ana@example.com',
      pin: '123456',
      password: 'nueva-clave-1',
    });
    expect(sessionStore.getSnapshot().status).toBe('authenticated');
    expect(await screen.findByText('Cuenta activada')).toBeTruthy();
  });

  it('says when the PIN is wrong or expired, and empties it', async () => {
    fakeApi({ 'POST /api/auth/activate/pin': () => jsonResponse(400, { code: 'invalid_pin', message: 'no' }) });
    renderApp('/activate/pin/');
    fireEvent.change(await screen.findByLabelText(/Correo electrónico/), { target: { value: 'ana@example.com' } });
    fireEvent.paste(screen.getAllByLabelText(/^PIN de 6 dígitos/)[0]!, { clipboardData: { getData: () => '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activar mi cuenta' }));
    expect((await screen.findAllByText('Código incorrecto o vencido')).length).toBeGreaterThan(0);
    expect(sessionStore.getSnapshot().status).not.toBe('authenticated');
  });
});

describe('sign-out (spec 2 §2 /logout?next={shopPath})', () => {
  it('revokes the session and returns to the shop', async () => {
    const api = fakeApi({
      'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
      'GET /api/store/shops/by-slug/demo': () =>
        jsonResponse(200, { id: '01930000-0000-7000-8000-000000000101', slug: 'demo', name: 'Tienda Demo' }),
    });
    sessionStore.start();
    await sessionStore.ready();
    const { router } = renderApp('/logout?next=%2Ftienda%2Fdemo%2F');
    await waitFor(() => expect(router.state.location.pathname).toBe('/tienda/demo/'));
    expect(api.callsTo('POST /api/auth/logout').length).toBeGreaterThanOrEqual(1);
    expect(sessionStore.getSnapshot().status).toBe('anonymous');
  });

  it('never follows a next that leaves the site', async () => {
    fakeApi({ 'POST /api/auth/logout': () => new Response(null, { status: 204 }) });
    const { router } = renderApp('/logout?next=%2F%2Fevil.example%2F');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('password reset (/password/reset/)', () => {
  it('sends a code by e-mail, then saves the new password', async () => {
    const api = fakeApi({
      'POST /api/auth/password/reset': () => jsonResponse(200, { code: 'rst-1', type: 'email', message: 'sent' }),
      'POST /api/auth/password/reset/confirm': activated,
    });
    renderApp('/password/reset/');
    fireEvent.change(await screen.findByLabelText(/Correo electrónico/), { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByRole('heading', { name: 'Elige una contraseña nueva' })).toBeTruthy();
    expect(api.callsTo('POST /api/auth/password/reset')[0]?.body).toEqual({ type: 'email', username: 'ana@example.com' });

    fireEvent.paste(screen.getAllByLabelText(/^Código de 6 dígitos/)[0]!, { clipboardData: { getData: () => '654321' } });
    fireEvent.change(screen.getByLabelText(/^Contraseña nueva/), { target: { value: 'nueva-clave-1' } });
    fireEvent.change(screen.getByLabelText('Repite la contraseña'), { target: { value: 'otra' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Repite la contraseña'), { target: { value: 'nueva-clave-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByRole('heading', { name: 'Contraseña actualizada' })).toBeTruthy();
    expect(api.callsTo('POST /api/auth/password/reset/confirm')[0]?.body).toEqual({
      code: 'rst-1',
      pin: '654321',
      password: 'nueva-clave-1',
    });
    // The service signs the user in with the new password.
    expect(sessionStore.getSnapshot().status).toBe('authenticated');
  });

  it('sends the code by SMS to a phone with its country', async () => {
    const api = fakeApi({ 'POST /api/auth/password/reset': () => jsonResponse(200, { code: 'rst-2', type: 'phone', message: 'sent' }) });
    renderApp('/password/reset/');
    fireEvent.click(await screen.findByText('SMS'));
    fireEvent.change(screen.getByLabelText(/^Celular/, { selector: 'input[type=tel]' }), { target: { value: '5512345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByText('+52 55 1234 5678')).toBeTruthy();
    expect(api.callsTo('POST /api/auth/password/reset')[0]?.body).toEqual({
      type: 'phone',
      username: '5512345678',
      phone: '5512345678',
      country: 'MX',
      country_code: '52',
    });
  });
});
