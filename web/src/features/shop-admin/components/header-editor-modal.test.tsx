import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/render-app';
import { fakeGateway, renderUi, resetNotices } from '@/test/render-ui';
import { OWNER, STORE } from '../test/fixtures';
import { HeaderEditorModal } from './header-editor-modal';

afterEach(resetNotices);

async function addHeader(target?: string) {
  fireEvent.click(await screen.findByTestId('header-add', {}, { timeout: 15_000 }));
  fireEvent.change(await screen.findByTestId('header-title'), { target: { value: 'Ofertas' } });
  if (target) {
    fireEvent.click(screen.getByTestId('header-target'));
    fireEvent.click(await screen.findByRole('option', { name: target }));
  }
  fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
}

// The modal's first render transforms Mantine's modules: slow on a busy machine.
describe('<HeaderEditorModal>', { timeout: 30_000 }, () => {
  it('says a refused limit in the owner’s language, not the server’s English', async () => {
    fakeGateway({
      [`GET ${STORE}/headers`]: () => ({ results: [], matches_estimated: 0 }),
      [`POST ${STORE}/headers`]: () =>
        jsonResponse(400, {
          code: 'validation_failed',
          message: 'A shop has at most 30 headers',
          fields: { headers: ['too many headers'] },
        }),
    });
    renderUi(<HeaderEditorModal owner={OWNER} shopRef="demo" opened onClose={() => {}} onSaved={() => {}} />);
    await addHeader();
    expect(
      await screen.findByText(
        'Tu tienda ya tiene 30 secciones de encabezado, el máximo. Elimina una para agregar otra.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/at most/)).toBeNull();
  });

  it('sends the visibility target chosen in the form (spec 1 §3 Header.target)', async () => {
    const api = fakeGateway({
      [`GET ${STORE}/headers`]: () => ({ results: [], matches_estimated: 0 }),
      [`POST ${STORE}/headers`]: (request) => request.json().then((body: object) => ({ id: 'h1', ...body })),
    });
    renderUi(<HeaderEditorModal owner={OWNER} shopRef="demo" opened onClose={() => {}} onSaved={() => {}} />);
    await addHeader('Emprendedores con tienda');
    await waitFor(() => expect(api.callsTo(`POST ${STORE}/headers`)).toHaveLength(1), { timeout: 10_000 });
    expect(api.callsTo(`POST ${STORE}/headers`)[0]!.body).toMatchObject({ title: 'Ofertas', target: 'ul2' });
  });

  it('says a missing title under the field and sends nothing (spec 1 §5)', async () => {
    const api = fakeGateway({ [`GET ${STORE}/headers`]: () => ({ results: [], matches_estimated: 0 }) });
    renderUi(<HeaderEditorModal owner={OWNER} shopRef="demo" opened onClose={() => {}} onSaved={() => {}} />);
    fireEvent.click(await screen.findByTestId('header-add', {}, { timeout: 15_000 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    fireEvent.change(screen.getByTestId('header-title'), { target: { value: 'Hola' } });
    await waitFor(() => expect(screen.queryByText('Este campo es obligatorio')).toBeNull());
    expect(api.callsTo(`POST ${STORE}/headers`)).toHaveLength(0);
  });
});
