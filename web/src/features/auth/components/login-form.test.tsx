import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { fakeApi, resetAccountState } from '@/test/account-fixtures';
import { authModal } from '@/lib/auth-modal-store';

afterEach(resetAccountState);

const throttled = (retryAfter: string) =>
  new Response(JSON.stringify({ code: 'rate_limited', message: 'Too many failed sign-ins' }), {
    status: 429,
    headers: { 'content-type': 'application/json', 'retry-after': retryAfter },
  });

async function submitLogin(locale: 'es' | 'en' = 'es') {
  renderApp('/preferencias', { locale });
  await screen.findAllByRole('button', { name: locale === 'es' ? 'Regístrate' : 'Sign up' });
  act(() => authModal.open('login'));
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(
    within(dialog).getByLabelText(locale === 'es' ? /Correo electrónico/ : /Email/, { selector: 'input:not([type=radio])' }),
    { target: { value: 'ana@example.com' } },
  );
  fireEvent.change(within(dialog).getByLabelText(locale === 'es' ? /Contraseña/ : /Password/), { target: { value: 'no-es-la-clave' } });
  fireEvent.click(within(dialog).getByRole('button', { name: locale === 'es' ? 'Iniciar sesión' : 'Log in' }));
  return dialog;
}

describe('log-in form under sign-in throttling (issue 9 §3)', () => {
  it('says how long to wait when the sign-in is throttled (Retry-After)', async () => {
    fakeApi({ 'POST /api/auth/login': () => throttled('900') });
    const dialog = await submitLogin();
    expect(await within(dialog).findByText('Hubo demasiados intentos fallidos. Podrás volver a intentarlo en 15 minutos.')).toBeTruthy();
  });

  it('rounds short waits to seconds, in the reader’s language', async () => {
    fakeApi({ 'POST /api/auth/login': () => throttled('4') });
    const dialog = await submitLogin('en');
    expect(await within(dialog).findByText('Too many failed attempts. You can try again in 4 seconds.')).toBeTruthy();
  });

  it('falls back to the plain message when the answer names no wait', async () => {
    fakeApi({
      'POST /api/auth/login': () =>
        new Response(JSON.stringify({ code: 'rate_limited', message: 'x' }), {
          status: 429,
          headers: { 'content-type': 'application/json' },
        }),
    });
    const dialog = await submitLogin();
    expect(await within(dialog).findByText('Hiciste demasiadas solicitudes. Espera un momento e inténtalo de nuevo.')).toBeTruthy();
  });
});
