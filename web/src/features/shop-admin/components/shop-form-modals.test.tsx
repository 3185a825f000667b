import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeGateway, renderUi, resetNotices } from '@/test/render-ui';
import { jsonResponse } from '@/test/render-app';
import { CATALOGUE, OWNER, shopFixture, STORE } from '../test/fixtures';
import { BackgroundModal } from './background-modal';
import { CatalogueFormModal } from './catalogue-form-modal';
import { DuplicateCatalogueModal } from './duplicate-catalogue-modal';
import { IdentityModal } from './identity-modal';
import { SocialLinksModal } from './social-links-modal';

afterEach(resetNotices);

const PATCH = `PATCH ${STORE}`;
const saved = () => fakeGateway({ [PATCH]: async (request) => shopFixture((await request.json()) as object) });

// The editors on @mantine/form (issue 10 §4: one way for every form). First renders transform Mantine: slow.
describe('shop editors on @mantine/form', { timeout: 30_000 }, () => {
  it('identity: refuses an empty name on save, then sends the trimmed name, logo display and name switch', async () => {
    const api = saved();
    renderUi(<IdentityModal owner={OWNER} shop={shopFixture({ name: 'Tienda Demo' })} opened onClose={() => {}} onSaved={() => {}} />);
    const name = await screen.findByTestId('shop-name-input', {}, { timeout: 15_000 });
    fireEvent.change(name, { target: { value: '  ' } });
    fireEvent.click(screen.getByTestId('shop-identity-save'));
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    expect(api.callsTo(PATCH)).toHaveLength(0);
    fireEvent.change(name, { target: { value: '  Bazar Nuevo ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ocultar el nombre de la tienda' }));
    fireEvent.click(screen.getByTestId('shop-identity-save'));
    await waitFor(() => expect(api.callsTo(PATCH)).toHaveLength(1), { timeout: 10_000 });
    expect(api.callsTo(PATCH)[0]!.body).toEqual({ name: 'Bazar Nuevo', photo: null, photo_display: 'cir', hidden_store_name: true });
  });

  it('social links: says a bad handle as it is typed and keeps save off; sends handles, empty as null', async () => {
    const api = saved();
    renderUi(<SocialLinksModal owner={OWNER} shop={shopFixture()} opened onClose={() => {}} onSaved={() => {}} />);
    const instagram = await screen.findByRole('textbox', { name: 'Instagram' }, { timeout: 15_000 });
    fireEvent.change(instagram, { target: { value: 'no vale!' } });
    expect(await screen.findByText('Escribe solo tu usuario (letras, números, punto, guion y guion bajo)')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Guardar' }).disabled).toBe(true);
    fireEvent.change(instagram, { target: { value: 'bazar.mx' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.callsTo(PATCH)).toHaveLength(1), { timeout: 10_000 });
    expect(api.callsTo(PATCH)[0]!.body).toMatchObject({ instagram: 'bazar.mx', facebook: null, discord: null });
  });

  it('background: sends the chosen colour and the shop colours', async () => {
    const api = saved();
    renderUi(<BackgroundModal owner={OWNER} shop={shopFixture()} opened onClose={() => {}} onSaved={() => {}} />);
    fireEvent.click(await screen.findByText('Color', {}, { timeout: 15_000 }));
    const inputs = await screen.findAllByRole('textbox');
    fireEvent.change(inputs[0]!, { target: { value: '#ffeedd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.callsTo(PATCH)).toHaveLength(1), { timeout: 10_000 });
    expect(api.callsTo(PATCH)[0]!.body).toEqual({ bgcolor: '#ffeedd', color1: '#1c7ed6', color2: null });
  });

  it('catalogue form: the server refusing the name shows under the field, in Spanish', async () => {
    const api = fakeGateway({
      [`POST ${CATALOGUE}/catalogues`]: () => jsonResponse(400, { code: 'invalid_name', message: 'Invalid name' }),
    });
    renderUi(<CatalogueFormModal owner={OWNER} catalogue={null} opened onClose={() => {}} onSaved={() => {}} />);
    fireEvent.change(await screen.findByTestId('catalogue-name', {}, { timeout: 15_000 }), { target: { value: 'Ofertas' } });
    fireEvent.click(screen.getByTestId('catalogue-save'));
    expect(await screen.findByText('El nombre no es válido', {}, { timeout: 10_000 })).toBeTruthy();
    expect(api.callsTo(`POST ${CATALOGUE}/catalogues`)[0]!.body).toEqual({ name: 'Ofertas', photo: null });
  });

  it('duplicate: a wrong origin is said as typed and the button stays off', async () => {
    renderUi(<DuplicateCatalogueModal owner={OWNER} opened onClose={() => {}} onDone={() => {}} />);
    fireEvent.change(await screen.findByTestId('duplicate-origin', {}, { timeout: 15_000 }), { target: { value: 'no es un enlace' } });
    fireEvent.change(screen.getByTestId('duplicate-name'), { target: { value: 'Mío' } });
    expect(await screen.findByText('Ingresa una URL válida')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Duplicar catálogo' }).disabled).toBe(true);
  });
});
