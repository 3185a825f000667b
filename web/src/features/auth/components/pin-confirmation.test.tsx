import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '@/test/render-app';
import { rememberRegistrationPassword } from '../session/pending-registration';
import { sessionStore } from '@/lib/session/session-store';
import { authResult, fakeApi, resetAccountState } from '@/test/account-fixtures';

afterEach(resetAccountState);

const activated = () =>
  jsonResponse(200, {
    notification: { type: 'NOTIFICATION', payload: { level: 'success', message: '¡Tu cuenta está activa!' } },
    auth: { type: 'SET_AUTH', payload: authResult() },
  });

const byEmail =
  '/register/activate/?code=reg-1&can_skip_pin=false&type=email&username=ana%40example.com&full_name=Ana&next=%2Ftienda%2Fdemo%2F';
const byPhone = '/register/activate/?code=reg-2&can_skip_pin=true&type=phone&phone=5512345678&country=MX&country_code=52';

function typePin(pin: string) {
  fireEvent.paste(screen.getAllByLabelText(/^PIN de 6 dígitos \(1\/6\)$/)[0]!, { clipboardData: { getData: () => pin } });
}

describe('PIN confirmation (spec 2 §2 /register/activate/)', () => {
  it('shows "confirm details", the e-mail, an Edit button, the PIN, Continue, Resend with the expiry note and the other channel', async () => {
    fakeApi({});
    renderApp(byEmail);
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirma tus datos' })).toBeTruthy();
    expect(screen.getByTestId('pin-destination').textContent).toBe('ana@example.com');
    expect(screen.getByRole('button', { name: 'Editar correo' })).toBeTruthy();
    expect(screen.getAllByLabelText(/^PIN de 6 dígitos/)).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continuar sin PIN' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reenviar PIN' })).toBeTruthy();
    expect(screen.getByText('El PIN vence 5 minutos después de enviarse.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Prefiero registrarme con mi celular' })).toBeTruthy();
  });

  it('shows the phone with its + country code, and Skip PIN when allowed', async () => {
    fakeApi({});
    renderApp(byPhone);
    expect(await screen.findByTestId('pin-destination')).toHaveProperty('textContent', '+52 55 1234 5678');
    expect(screen.getByRole('button', { name: 'Continuar sin PIN' })).toBeTruthy();
  });

  it('activates with the PIN, signs in and goes to the target', async () => {
    const api = fakeApi({ 'POST /api/auth/activate/pin': activated });
    const { router } = renderApp(byEmail);
    await screen.findByTestId('pin-destination');
    typePin('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tienda/demo/'));
    expect(api.callsTo('POST /api/auth/activate/pin')[0]?.body).toEqual({
      code: 'reg-1',
      type: 'email',
      username: 'ana@example.com',
      email: 'ana@example.com',
      full_name: 'Ana',
      pin: '123456',
    });
    expect(api.callsTo('POST /api/auth/activate/pin')[0]?.request.headers.get('x-locale')).toBe('es');
    expect(sessionStore.getSnapshot().status).toBe('authenticated');
    expect(await screen.findByText('¡Tu cuenta está activa!')).toBeTruthy();
  });

  it('shows a wrong PIN as a Failed toast, clears it and marks the field', async () => {
    fakeApi({ 'POST /api/auth/activate/pin': () => jsonResponse(400, { code: 'invalid_pin', message: 'Invalid PIN' }) });
    renderApp(byEmail);
    await screen.findByTestId('pin-destination');
    typePin('000000');
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Algo falló')).toBeTruthy();
    expect(screen.getAllByText('Código incorrecto o vencido').length).toBeGreaterThanOrEqual(2);
    expect(
      screen
        .getAllByLabelText(/^PIN de 6 dígitos/)
        .map((box) => (box as HTMLInputElement).value)
        .join(''),
    ).toBe('');
  });

  it.each([
    ['user_already_exists', '¡El usuario ya fue activado!'],
    ['user_does_not_exist', 'El usuario no existe.'],
    ['something_else', 'Error desconocido'],
  ])('shows %s as "%s"', async (code, message) => {
    fakeApi({ 'POST /api/auth/activate/pin': () => jsonResponse(409, { code, message: code }) });
    renderApp(byEmail);
    await screen.findByTestId('pin-destination');
    typePin('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('fails with "Invalid setAuth action" when the answer carries no auth action', async () => {
    fakeApi({
      'POST /api/auth/activate/pin': () =>
        jsonResponse(200, { notification: { type: 'NOTIFICATION', payload: { level: 'success', message: 'ok' } } }),
    });
    renderApp(byEmail);
    await screen.findByTestId('pin-destination');
    typePin('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Acción de inicio de sesión inválida')).toBeTruthy();
    expect(sessionStore.getSnapshot().status).not.toBe('authenticated');
  });

  it('skips the PIN with the password typed at registration', async () => {
    rememberRegistrationPassword('reg-2', 'secreto123');
    const api = fakeApi({ 'POST /api/auth/activate/pin': activated });
    const { router } = renderApp(byPhone);
    fireEvent.click(await screen.findByRole('button', { name: 'Continuar sin PIN' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('POST /api/auth/activate/pin')[0]?.body).toEqual({
      code: 'reg-2',
      type: 'phone',
      phone: '5512345678',
      country: 'MX',
      country_code: '52',
      password: 'secreto123',
    });
  });

  it('asks for the password to skip the PIN after a reload', async () => {
    fakeApi({ 'POST /api/auth/activate/pin': activated });
    renderApp(byPhone.replace('reg-2', 'reg-3'));
    fireEvent.click(await screen.findByRole('button', { name: 'Continuar sin PIN' }));
    expect(await screen.findByLabelText('Confirma tu contraseña para continuar sin PIN')).toBeTruthy();
  });

  it('resends the PIN and says so for 7 s', async () => {
    const api = fakeApi({ 'POST /api/auth/activate/pin/resend': () => jsonResponse(200, { message: 'sent' }) });
    renderApp(byEmail);
    fireEvent.click(await screen.findByRole('button', { name: 'Reenviar PIN' }));
    expect(await screen.findByText('Te enviamos un correo con tu PIN a ana@example.com.')).toBeTruthy();
    expect(api.callsTo('POST /api/auth/activate/pin/resend')[0]?.body).toEqual({
      code: 'reg-1',
      type: 'email',
      email: 'ana@example.com',
      username: 'ana@example.com',
    });
  });

  it('edits the e-mail in an overlay: Update sends a new PIN there and the screen follows', async () => {
    const api = fakeApi({ 'POST /api/auth/activate/pin/resend': () => jsonResponse(200, { message: 'sent' }) });
    const { router } = renderApp(byEmail);
    fireEvent.click(await screen.findByRole('button', { name: 'Editar correo' }));
    const overlay = await screen.findByRole('dialog', { name: 'Cambia tu correo' });
    const email = within(overlay).getByLabelText(/Correo electrónico/);
    fireEvent.change(email, { target: { value: 'ana.p@example.com' } });
    fireEvent.click(within(overlay).getByRole('button', { name: 'Actualizar' }));
    await waitFor(() => expect(screen.getByTestId('pin-destination').textContent).toBe('ana.p@example.com'));
    expect(api.callsTo('POST /api/auth/activate/pin/resend')[0]?.body).toMatchObject({
      code: 'reg-1',
      type: 'email',
      email: 'ana.p@example.com',
    });
    expect(router.state.location.search).toMatchObject({ username: 'ana.p@example.com', next: '/tienda/demo/' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('switches to the phone: a new code goes by SMS', async () => {
    const api = fakeApi({ 'POST /api/auth/activate/pin/resend': () => jsonResponse(200, { message: 'sent' }) });
    renderApp(byEmail);
    fireEvent.click(await screen.findByRole('button', { name: 'Prefiero registrarme con mi celular' }));
    const overlay = await screen.findByRole('dialog', { name: 'Cambia tu celular' });
    fireEvent.change(within(overlay).getByLabelText(/^Celular/, { selector: 'input[type=tel]' }), { target: { value: '5512345678' } });
    fireEvent.click(within(overlay).getByRole('button', { name: 'Actualizar' }));
    await waitFor(() => expect(screen.getByTestId('pin-destination').textContent).toBe('+52 55 1234 5678'));
    expect(api.callsTo('POST /api/auth/activate/pin/resend')[0]?.body).toEqual({
      code: 'reg-1',
      type: 'phone',
      phone: '5512345678',
      country: 'MX',
      country_code: '52',
    });
  });

  it('explains an incomplete link instead of a broken form', async () => {
    fakeApi({});
    renderApp('/register/activate/');
    expect(await screen.findByText('Este enlace está incompleto. Vuelve a registrarte para recibir un nuevo PIN.')).toBeTruthy();
  });
});
