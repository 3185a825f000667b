import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminProfile, authResult, fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';
import { entry, entryPath, LIST } from '../test/fixtures';

type Handler = (request: Request) => Response | Promise<Response>;
const WAIT = { timeout: 10_000 };
const OWNER: Record<string, Handler> = {
  'POST /api/auth/refresh': () => jsonResponse(200, authResult({ keychain: ['contact-admin'], myKeychain: ['contact-admin'], level: 2 })),
  [`GET /api/profile-admin/${ME}:${ME}/${ME}`]: () => jsonResponse(200, adminProfile({ keychain: ['contact-admin'], level: 2 })),
};
const params = (request: Request) => new URL(request.url).searchParams;

beforeEach(resetAccountState);
afterEach(resetAccountState);

describe('the contact list (spec 2 §2 Contact list (admin), /me/inbox/contacts)', { timeout: 30_000 }, () => {
  it('says so when there are no messages yet', async () => {
    fakeApi({ ...OWNER, [`${LIST}`]: () => jsonResponse(200, { results: [], matches_estimated: 0 }) });
    renderApp('/me/inbox/contacts');
    expect((await screen.findByTestId('contact-list-empty', {}, WAIT)).textContent).toContain('Aún no tienes mensajes de contacto');
  });

  it('shows name, a teaser of the message, the date and an eye button to /me/inbox/{id}; 20 a page', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => entry(i + 1));
    const api = fakeApi({
      ...OWNER,
      [LIST]: (request) =>
        jsonResponse(200, { results: params(request).get('offset') === '20' ? [entry(21)] : rows, matches_estimated: 21 }),
    });
    const { router } = renderApp('/me/inbox/contacts');
    const table = await screen.findByTestId('contact-list', {}, WAIT);
    expect(within(table).getAllByTestId('contact-row')).toHaveLength(20);
    const first = within(table).getAllByTestId('contact-row')[0]!;
    expect(within(first).getByText('Visitante 1')).toBeTruthy();
    expect(within(first).getByText('Hola, quisiera saber si tienen envíos a Monterrey…')).toBeTruthy();
    expect(within(first).getByText('25 nov 2026')).toBeTruthy();
    const eye = within(first).getByRole('link', { name: 'Ver el mensaje de Visitante 1' });
    expect(eye.getAttribute('href')).toBe(`/me/inbox/${entry(1).id}`);
    expect(params(api.callsTo(LIST)[0]!.request).get('limit')).toBe('20');
    expect(screen.getByText('21 mensajes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Páginas de mensajes: 2' }));
    await waitFor(() => expect(screen.getAllByTestId('contact-row')).toHaveLength(1), WAIT);
    expect(router.state.location.search).toEqual({ page: 2 });
  });

  it('filters through the ContactList query parameter, after a pause in the typing', async () => {
    const api = fakeApi({
      ...OWNER,
      [LIST]: (request) => {
        const filter = params(request).get('filter');
        return jsonResponse(
          200,
          filter ? { results: [entry(7, { name: 'Zoe' })], matches_estimated: 1 } : { results: [entry(1), entry(2)], matches_estimated: 2 },
        );
      },
    });
    const { router } = renderApp('/me/inbox/contacts');
    await screen.findByTestId('contact-list', {}, WAIT);
    const box = screen.getByLabelText('Buscar');
    fireEvent.change(box, { target: { value: 'zo' } });
    fireEvent.change(box, { target: { value: 'zoe' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ ContactList: 'zoe' }), WAIT);
    await waitFor(() => expect(screen.getAllByTestId('contact-row')).toHaveLength(1), WAIT);
    // one call for the typed text, not one per key
    expect(api.callsTo(LIST).map((c) => params(c.request).get('filter'))).toEqual([null, 'zoe']);
  });

  it('reads the filter from the address, and says when nothing matches', async () => {
    fakeApi({ ...OWNER, [LIST]: () => jsonResponse(200, { results: [], matches_estimated: 0 }) });
    renderApp('/me/inbox/contacts?ContactList=nadie');
    expect((await screen.findByTestId('contact-list-empty', {}, WAIT)).textContent).toContain('Ningún mensaje coincide con «nadie»');
    expect(screen.getByLabelText<HTMLInputElement>('Buscar').value).toBe('nadie');
  });

  it('shows an error with a retry, and the no-access note on 403', async () => {
    let fail = true;
    fakeApi({
      ...OWNER,
      [LIST]: () =>
        fail
          ? jsonResponse(500, { code: 'internal_error', message: 'x' })
          : jsonResponse(200, { results: [entry(1)], matches_estimated: 1 }),
    });
    renderApp('/me/inbox/contacts');
    expect(await screen.findByText('No pudimos cargar tus mensajes de contacto.', {}, WAIT)).toBeTruthy();
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reintentar' })));
    expect(await screen.findByTestId('contact-list', {}, WAIT)).toBeTruthy();
  });

  it('tells a user without contact-admin access that they have none', async () => {
    fakeApi({ ...OWNER, [LIST]: () => jsonResponse(403, { code: 'forbidden', message: 'no' }) });
    renderApp('/me/inbox/contacts');
    expect((await screen.findByTestId('contact-list-forbidden', {}, WAIT)).textContent).toContain('no tiene acceso');
  });

  it('asks a visitor to sign in', async () => {
    fakeApi({});
    renderApp('/me/inbox/contacts');
    expect(await screen.findByTestId('contact-sign-in', {}, WAIT)).toBeTruthy();
  });
});

describe('a contact entry (spec 2 §2 /me/inbox/{id})', { timeout: 30_000 }, () => {
  it('shows the sender’s name, e-mail, phone, date and message, with a way back', async () => {
    const one = entry(3, { phone: '525512345678', message: 'Línea uno\nLínea dos' });
    fakeApi({ ...OWNER, [entryPath(one.id)]: () => jsonResponse(200, one) });
    renderApp(`/me/inbox/${one.id}`);
    expect(await screen.findByRole('heading', { name: 'Mensaje de Visitante 3' }, WAIT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'visitante3@example.com' }).getAttribute('href')).toBe('mailto:visitante3@example.com');
    expect(screen.getByText('525512345678')).toBeTruthy();
    expect(screen.getByTestId('contact-detail-message').textContent).toBe('Línea uno\nLínea dos');
    expect(screen.getByRole('link', { name: /Volver a los mensajes/ }).getAttribute('href')).toBe('/me/inbox/contacts');
  });

  it('says it was not found for an id that is not the owner’s', async () => {
    fakeApi({ ...OWNER, [entryPath('nope')]: () => jsonResponse(404, { code: 'contact_not_found', message: 'no' }) });
    renderApp('/me/inbox/nope');
    expect((await screen.findByTestId('contact-detail-missing', {}, WAIT)).textContent).toBe('No encontramos este mensaje.');
  });
});
