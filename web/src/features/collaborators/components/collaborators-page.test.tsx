import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { jsonResponse } from '@/test/render-app';
import { renderUi } from '@/test/render-ui';
import { ADD, collaborator, LIST, rowPath } from '../test/fixtures';
import { CollaboratorsPage } from './collaborators-page';

const WAIT = { timeout: 10_000 };
const page = (offset: number, total: number) => {
  const results = Array.from({ length: Math.max(0, Math.min(5, total - offset)) }, (_, i) => collaborator(offset + i + 1));
  return jsonResponse(200, { results, matches_estimated: total });
};
const offsetOf = (request: Request) => Number(new URL(request.url).searchParams.get('offset') ?? 0);
const rows = () => screen.queryAllByTestId('collaborator-row');
const email = () => screen.getByLabelText<HTMLInputElement>(/^Correo electrónico/);
const invite = () => fireEvent.click(screen.getByRole('button', { name: 'Invitar' }));

beforeEach(resetAccountState);
afterEach(resetAccountState);

describe('the collaborators screen (issue 16)', { timeout: 30_000 }, () => {
  it('lists 5 at a time and "Ver más" reads the next 5 until all are shown', async () => {
    const api = fakeApi({ [LIST]: (request) => page(offsetOf(request), 7) });
    renderUi(<CollaboratorsPage userId={ME} />);
    await screen.findByText('Persona 1', undefined, WAIT);
    expect(rows()).toHaveLength(5);
    expect(screen.getByText(/persona1@example.com · Activo/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ver más' }));
    await screen.findByText('Persona 7', undefined, WAIT);
    expect(rows()).toHaveLength(7);
    expect(screen.queryByRole('button', { name: 'Ver más' })).toBeNull();
    expect(api.callsTo(LIST).map((call) => new URL(call.request.url).search)).toEqual(['?offset=0&limit=5', '?offset=5&limit=5']);
  });

  it('says "Aún no tienes colaboradores" when there are none, and offers a retry after an error', async () => {
    let fail = true;
    fakeApi({
      [LIST]: () => (fail ? jsonResponse(500, { code: 'internal', message: 'x' }) : page(0, 0)),
    });
    renderUi(<CollaboratorsPage userId={ME} />);
    const retry = await screen.findByRole('button', { name: 'Reintentar' }, WAIT);
    expect(screen.getByText('No pudimos cargar tus colaboradores.')).toBeTruthy();
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('Aún no tienes colaboradores', undefined, WAIT)).toBeTruthy();
  });

  it('checks the e-mail before inviting and sends it with the chosen role', async () => {
    const api = fakeApi({
      [LIST]: () => page(0, 0),
      [ADD]: () => jsonResponse(201, collaborator(9, { name: 'Luz', username: 'luz@example.com', role: 'admin' })),
    });
    renderUi(<CollaboratorsPage userId={ME} />);
    await screen.findByText('Aún no tienes colaboradores', undefined, WAIT);
    invite();
    expect(await screen.findByText('Escribe el correo electrónico')).toBeTruthy();
    fireEvent.change(email(), { target: { value: 'luz@' } });
    invite();
    expect(await screen.findByText('Escribe un correo electrónico válido')).toBeTruthy();
    expect(api.callsTo(ADD)).toHaveLength(0);
    fireEvent.change(email(), { target: { value: ' Luz@Example.com ' } });
    invite();
    await waitFor(() => expect(api.callsTo(ADD)).toHaveLength(1), WAIT);
    expect(api.callsTo(ADD)[0]?.body).toEqual({ username: 'luz@example.com', role: 'admin' });
    await waitFor(() => expect(email().value).toBe(''), WAIT);
  });

  it.each([
    ['user_not_found', 404, 'No encontramos a nadie con ese correo. Pídele que se registre en Vitrina primero.'],
    ['collaborator_exists', 409, 'Esa persona ya colabora en tu tienda.'],
    ['collaborator_is_owner', 409, 'Ese correo es el tuyo: como dueño ya tienes todos los permisos.'],
  ])('shows %s in plain Spanish', async (code, status, text) => {
    fakeApi({ [LIST]: () => page(0, 0), [ADD]: () => jsonResponse(status, { code, message: 'x' }) });
    renderUi(<CollaboratorsPage userId={ME} />);
    await screen.findByText('Aún no tienes colaboradores', undefined, WAIT);
    fireEvent.change(email(), { target: { value: 'otra@example.com' } });
    invite();
    expect(await screen.findByText(text, undefined, WAIT)).toBeTruthy();
  });

  it('removes a collaborator only after the confirmation', async () => {
    const first = collaborator(1);
    const api = fakeApi({
      [LIST]: () => page(0, 2),
      [rowPath('DELETE', first.id)]: () => new Response(null, { status: 204 }),
    });
    renderUi(<CollaboratorsPage userId={ME} />);
    await screen.findByText('Persona 1', undefined, WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Quitar a Persona 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quitar colaborador' }, WAIT);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(api.callsTo(rowPath('DELETE', first.id))).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Quitar a Persona 1' }));
    const again = await screen.findByRole('dialog', { name: 'Quitar colaborador' }, WAIT);
    fireEvent.click(within(again).getByRole('button', { name: 'Quitar' }));
    await waitFor(() => expect(api.callsTo(rowPath('DELETE', first.id))).toHaveLength(1), WAIT);
  });

  it('changes a role with PATCH', async () => {
    const first = collaborator(1);
    const api = fakeApi({
      [LIST]: () => page(0, 1),
      [rowPath('PATCH', first.id)]: () => jsonResponse(200, { ...first, role: 'accountant' }),
    });
    renderUi(<CollaboratorsPage userId={ME} />);
    await screen.findByText('Persona 1', undefined, WAIT);
    fireEvent.click(screen.getAllByLabelText('Cambiar el rol de Persona 1')[0]!);
    fireEvent.click(await screen.findByRole('option', { name: 'Contador' }, WAIT));
    await waitFor(() => expect(api.callsTo(rowPath('PATCH', first.id))).toHaveLength(1), WAIT);
    expect(api.callsTo(rowPath('PATCH', first.id))[0]?.body).toEqual({ role: 'accountant' });
  });
});
