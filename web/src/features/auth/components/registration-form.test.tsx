import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, jsonResponse } from '@/test/render-app';
import { authResult, fakeApi, resetAccountState } from '@/test/account-fixtures';
import { authModal } from '@/lib/auth-modal-store';

afterEach(resetAccountState);

async function openRegistration(options: Parameters<typeof authModal.open>[1] = {}) {
  const view = renderApp('/preferencias');
  await screen.findAllByRole('button', { name: 'Regístrate' });
  act(() => authModal.open('register', options));
  const dialog = await screen.findByRole('dialog');
  return { ...view, dialog };
}

describe('registration form (spec 2 §2, §5)', () => {
  it('blocks the space key in the e-mail field and strips pasted spaces', async () => {
    fakeApi({ 'POST /api/auth/users/exist': () => jsonResponse(200, { exist: false }) });
    const { dialog } = await openRegistration();
    const email = within(dialog).getByLabelText(/Correo electrónico/);
    expect(fireEvent.keyDown(email, { key: ' ' })).toBe(false);
    fireEvent.change(email, { target: { value: ' ana @example.com ' } });
    expect((email as HTMLInputElement).value).toBe('ana@example.com');
  });

  it('checks the e-mail on blur and says the user already exists on that field', async () => {
    const api = fakeApi({ 'POST /api/auth/users/exist': () => jsonResponse(200, { exist: true }) });
    const { dialog } = await openRegistration();
    const email = within(dialog).getByLabelText(/Correo electrónico/);
    fireEvent.change(email, { target: { value: 'ana@example.com' } });
    fireEvent.blur(email);
    expect(await within(dialog).findByText('El usuario ya existe')).toBeTruthy();
    expect(api.callsTo('POST /api/auth/users/exist')[0]?.body).toEqual({ username: 'ana@example.com' });
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('checks the phone on blur and puts the message on the phone field', async () => {
    const api = fakeApi({ 'POST /api/auth/users/exist': () => jsonResponse(200, { exist: true }) });
    const { dialog } = await openRegistration();
    fireEvent.click(within(dialog).getByText('Celular'));
    const phone = within(dialog).getByLabelText(/^Celular/, { selector: 'input[type=tel]' });
    fireEvent.change(phone, { target: { value: '55 1234 5678' } });
    expect((phone as HTMLInputElement).value).toBe('55 1234 5678');
    fireEvent.blur(phone);
    expect(await within(dialog).findByText('El usuario ya existe')).toBeTruthy();
    expect(api.callsTo('POST /api/auth/users/exist')[0]?.body).toEqual({
      username: '5512345678',
      phone: '5512345678',
      country: 'MX',
      country_code: '52',
    });
  });

  it('shows the field errors and sends nothing when the form is incomplete', async () => {
    const api = fakeApi({});
    const { dialog } = await openRegistration();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Regístrate' }));
    expect(await within(dialog).findAllByText('Este campo es obligatorio')).toHaveLength(3);
    expect(api.callsTo('POST /api/auth/register')).toHaveLength(0);
  });

  it('disables submit while submitting, then opens the PIN step with a toast', async () => {
    let answer: (response: Response) => void = () => {};
    const api = fakeApi({
      'POST /api/auth/users/exist': () => jsonResponse(200, { exist: false }),
      'POST /api/auth/register': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { dialog, router } = await openRegistration();
    fireEvent.change(within(dialog).getByLabelText(/Nombre completo/), { target: { value: 'Ana Pérez' } });
    fireEvent.change(within(dialog).getByLabelText(/Correo electrónico/), { target: { value: 'ana@example.com' } });
    fireEvent.change(within(dialog).getByLabelText(/^Contraseña/), { target: { value: 'secreto123' } });
    const submit = within(dialog).getByRole('button', { name: 'Regístrate' });
    fireEvent.click(submit);
    await waitFor(() => expect(api.callsTo('POST /api/auth/register')).toHaveLength(1));
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    expect(api.callsTo('POST /api/auth/register')[0]?.body).toMatchObject({
      full_name: 'Ana Pérez',
      username: 'ana@example.com',
      email: 'ana@example.com',
      password: 'secreto123',
      type: 'email',
      response_type: 'registration',
      locale: 'es',
    });

    answer(jsonResponse(201, { code: 'reg-1', can_skip_pin: false, username: 'ana@example.com', message: '', type: 'email' }));
    expect(await screen.findByRole('heading', { name: 'Confirma tus datos' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/register/activate/');
    expect(router.state.location.search).toMatchObject({
      code: 'reg-1',
      type: 'email',
      username: 'ana@example.com',
      can_skip_pin: false,
      // Back where the registration started once active.
      next: '/preferencias',
    });
    expect(await screen.findByText('Te enviamos un correo con tu PIN a ana@example.com.')).toBeTruthy();
    expect(screen.getByTestId('pin-destination').textContent).toBe('ana@example.com');
  });

  it('activates at once, without the PIN step, when the PIN may be skipped (complete and basic sign-ups)', async () => {
    const api = fakeApi({
      'POST /api/auth/users/exist': () => jsonResponse(200, { exist: false }),
      'POST /api/auth/register': () =>
        jsonResponse(201, { code: 'reg-9', can_skip_pin: true, username: '+525512345678', message: '', type: 'phone' }),
      'POST /api/auth/activate/pin': () =>
        jsonResponse(200, {
          notification: { type: 'NOTIFICATION', payload: { level: 'success', message: '¡Tu cuenta está activa!' } },
          auth: { type: 'SET_AUTH', payload: authResult() },
        }),
    });
    const { dialog, router } = await openRegistration({ variant: 'complete', store: 'demo' });
    fireEvent.change(within(dialog).getByLabelText(/Nombre completo/), { target: { value: 'Ana' } });
    fireEvent.change(within(dialog).getByLabelText(/^Celular/, { selector: 'input[type=tel]' }), { target: { value: '5512345678' } });
    fireEvent.change(within(dialog).getByLabelText(/^Contraseña/), { target: { value: 'secreto123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Regístrate' }));
    expect(await screen.findByText('¡Tu cuenta está activa!')).toBeTruthy();
    expect(api.callsTo('POST /api/auth/register')[0]?.body).toMatchObject({ store: 'demo', signup_form: 'complete', type: 'phone' });
    expect(api.callsTo('POST /api/auth/activate/pin')[0]?.body).toEqual({
      code: 'reg-9',
      type: 'phone',
      password: 'secreto123',
      full_name: 'Ana',
      phone: '5512345678',
      country: 'MX',
      country_code: '52',
    });
    expect(router.state.location.pathname).toBe('/preferencias');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('takes a phone sign-up to the SMS landing /register/complete/ (spec 2 §2), where the PIN activates it', async () => {
    const api = fakeApi({
      'POST /api/auth/users/exist': () => jsonResponse(200, { exist: false }),
      'POST /api/auth/register': () =>
        jsonResponse(201, { code: 'reg-5', can_skip_pin: false, username: '+34612345678', message: '', type: 'phone' }),
      'POST /api/auth/activate/pin': () =>
        jsonResponse(200, {
          notification: { type: 'NOTIFICATION', payload: { level: 'success', message: '¡Tu cuenta está activa!' } },
          auth: { type: 'SET_AUTH', payload: authResult() },
        }),
    });
    const { dialog, router } = await openRegistration();
    fireEvent.click(within(dialog).getByText('Celular'));
    fireEvent.change(within(dialog).getByLabelText(/Nombre completo/), { target: { value: 'Ana' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'País' }), { target: { value: 'ES' } });
    // A Spanish 9-digit mobile.
    fireEvent.change(within(dialog).getByLabelText(/^Celular/, { selector: 'input[type=tel]' }), { target: { value: '612345678' } });
    fireEvent.change(within(dialog).getByLabelText(/^Contraseña/), { target: { value: 'secreto123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Regístrate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/complete/'), { timeout: 10_000 });
    expect(router.state.location.search).toMatchObject({
      code: 'reg-5',
      number: '+34612345678',
      username: '+34612345678',
      page: '/preferencias',
    });
    expect(api.callsTo('POST /api/auth/register')[0]?.body).toMatchObject({
      type: 'phone',
      phone: '612345678',
      country: 'ES',
      country_code: '34',
    });
    expect((await screen.findByTestId('pin-destination', {}, { timeout: 10_000 })).textContent).toBe('+34 612 34 56 78');
  });

  it('shows a refused registration as a Failed toast with the code’s message', async () => {
    fakeApi({
      'POST /api/auth/users/exist': () => jsonResponse(200, { exist: false }),
      'POST /api/auth/register': () => jsonResponse(422, { code: 'not_eligible', message: 'not eligible' }),
    });
    const { dialog } = await openRegistration();
    fireEvent.click(within(dialog).getByText('Celular'));
    fireEvent.change(within(dialog).getByLabelText(/Nombre completo/), { target: { value: 'Ana' } });
    fireEvent.change(within(dialog).getByLabelText(/^Celular/, { selector: 'input[type=tel]' }), { target: { value: '5512345678' } });
    fireEvent.change(within(dialog).getByLabelText(/^Contraseña/), { target: { value: 'secreto123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Regístrate' }));
    expect(await screen.findByText('Algo falló')).toBeTruthy();
    expect(
      screen.getByText('Tu línea no es elegible para ejecutar el cobro del servicio. No pudimos verificar la elegibilidad de tu línea.'),
    ).toBeTruthy();
  });

  it('starts in phone mode, says "create store now" and offers no channel switch when creating a store on sign-up', async () => {
    fakeApi({});
    const { dialog } = await openRegistration({ createStoreOnSignup: true });
    expect(within(dialog).getByLabelText(/^Celular/, { selector: 'input[type=tel]' })).toBeTruthy();
    expect(within(dialog).queryByLabelText(/Correo electrónico/)).toBeNull();
    expect(within(dialog).queryByRole('radiogroup')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Crear mi tienda ahora' })).toBeTruthy();
  });

  it('starts with the phone in the complete variant, in English with the US by default', async () => {
    fakeApi({});
    renderApp('/preferencias', { locale: 'en' });
    await screen.findAllByRole('button', { name: 'Sign up' });
    act(() => authModal.open('register', { variant: 'complete', withTitle: true }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Sign up to continue')).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Country').value).toBe('US');
    expect(within(dialog).getByLabelText(/^Mobile phone/, { selector: 'input[type=tel]' })).toBeTruthy();
  });

  it('switches to the log-in form with "already have an account"', async () => {
    fakeApi({});
    const { dialog } = await openRegistration();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Inicia sesión' }));
    const login = await screen.findByRole('dialog');
    expect(await within(login).findByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
    fireEvent.click(within(login).getByRole('button', { name: 'Regístrate' }));
    expect(await within(await screen.findByRole('dialog')).findByLabelText(/Nombre completo/)).toBeTruthy();
  });
});
