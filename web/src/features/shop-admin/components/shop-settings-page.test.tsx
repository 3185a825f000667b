import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/render-app';
import { fakeGateway, renderUi, resetNotices } from '@/test/render-ui';
import { OWNER, shopFixture, STORE } from '../test/fixtures';
import ShopSettingsPage from './shop-settings-page';

afterEach(resetNotices);

const SLUG_CHECK = 'GET /api/store/shops/slug-availability';

function renderSettings(onSaved = vi.fn(), shop = shopFixture(), props: { showCustomShopToggle?: boolean } = {}) {
  renderUi(<ShopSettingsPage shop={shop} owner={OWNER} shopUrlPrefix="https://vitrina.mx/tienda/" onSaved={onSaved} {...props} />);
  return onSaved;
}

const field = (testId: string) => screen.getByTestId<HTMLInputElement>(testId);

// A shared two-core machine: rendering the whole form takes a while.
describe('admin/configuracion (spec 1 §2, §5, §8)', { timeout: 20_000 }, () => {
  it('shows the shop as it is, without breadcrumbs', () => {
    fakeGateway({});
    renderSettings();
    expect(screen.getByRole('heading', { name: 'Configuración de la tienda' })).toBeTruthy();
    expect(field('settings-name').value).toBe('Tienda Demo');
    expect(field('settings-slug').value).toBe('demo');
    expect(field('settings-contact_email').value).toBe('hola@demo.mx');
    expect(screen.getByText('Tu tienda: https://vitrina.mx/tienda/demo')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows the validation messages under the fields and sends nothing', async () => {
    const api = fakeGateway({});
    renderSettings();
    fireEvent.change(field('settings-name'), { target: { value: '  ' } });
    fireEvent.change(field('settings-slug'), { target: { value: 'mi tienda' } });
    fireEvent.change(field('settings-contact_email'), { target: { value: 'hola@' } });
    fireEvent.change(field('settings-whatsapp_phone'), { target: { value: '5-12' } });
    fireEvent.change(field('settings-fb_pixel'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    // The name, and the WhatsApp country code a phone needs.
    expect(await screen.findAllByText('Este campo es obligatorio')).toHaveLength(2);
    expect(screen.getByText('Usa solo letras, números, guion (-) y guion bajo (_)')).toBeTruthy();
    expect(screen.getByText('Ingresa un correo electrónico válido')).toBeTruthy();
    expect(screen.getByText('Ingresa solo números (de 4 a 15 dígitos)')).toBeTruthy();
    expect(screen.getByText('El píxel lleva solo números (de 5 a 20)')).toBeTruthy();
    expect(screen.getByTestId('settings-errors').textContent).toBe('Revisa los campos marcados');
    expect(field('settings-name').getAttribute('aria-invalid')).toBe('true');
    // the owner is taken to the first marked field, which may be far above the save button
    await waitFor(() => expect(document.activeElement).toBe(field('settings-name')));
    expect(api.callsTo(`PATCH ${STORE}`)).toHaveLength(0);
    expect(api.callsTo(SLUG_CHECK)).toHaveLength(0);
  });

  it('shows a field’s message once the owner leaves it', async () => {
    fakeGateway({});
    renderSettings();
    fireEvent.change(field('settings-contact_email'), { target: { value: 'hola' } });
    expect(screen.queryByText('Ingresa un correo electrónico válido')).toBeNull();
    fireEvent.blur(field('settings-contact_email'));
    expect(await screen.findByText('Ingresa un correo electrónico válido')).toBeTruthy();
  });

  it('checks the new slug: a taken one says so and cannot be saved', async () => {
    const api = fakeGateway({
      [SLUG_CHECK]: (_request, url) => ({ slug: url.searchParams.get('slug'), available: url.searchParams.get('slug') !== 'olga' }),
    });
    renderSettings();
    fireEvent.change(field('settings-slug'), { target: { value: 'olga' } });
    expect(await screen.findByText('Este dominio no está disponible', {}, { timeout: 5_000 })).toBeTruthy();
    expect(api.callsTo(SLUG_CHECK)[0]?.url.searchParams.get('slug')).toBe('olga');
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByTestId('settings-errors');
    expect(api.callsTo(`PATCH ${STORE}`)).toHaveLength(0);

    fireEvent.change(field('settings-slug'), { target: { value: 'tienda-nueva' } });
    expect(await screen.findByTestId('settings-slug-available', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByText('Este dominio no está disponible')).toBeNull();
  });

  it('does not check the shop’s own slug', async () => {
    const api = fakeGateway({});
    renderSettings();
    fireEvent.change(field('settings-slug'), { target: { value: 'DEMO' } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(api.callsTo(SLUG_CHECK)).toHaveLength(0);
  });

  it('saves only what changed, says so, and hands the saved shop over', async () => {
    const saved = shopFixture({ name: 'Café Demo', whatsapp_country_code: '52', whatsapp_phone: '5512345678' });
    const api = fakeGateway({ [`PATCH ${STORE}`]: () => saved });
    const onSaved = renderSettings();
    fireEvent.change(field('settings-name'), { target: { value: ' Café Demo ' } });
    fireEvent.change(field('settings-whatsapp_country_code'), { target: { value: '52' } });
    fireEvent.change(field('settings-whatsapp_phone'), { target: { value: '55 1234 5678' } });
    fireEvent.click(screen.getByRole('radio', { name: '1 columna' }));
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('La configuración se guardó')).toBeTruthy();
    expect(api.callsTo(`PATCH ${STORE}`)[0]?.body).toEqual({
      name: 'Café Demo',
      whatsapp_country_code: '52',
      whatsapp_phone: '5512345678',
      columns: 1,
    });
    expect(onSaved).toHaveBeenCalledWith(saved, expect.objectContaining({ name: 'Tienda Demo' }));
  });

  it('says when there is nothing to save', async () => {
    const api = fakeGateway({});
    renderSettings();
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('No hay cambios por guardar')).toBeTruthy();
    expect(api.callsTo(`PATCH ${STORE}`)).toHaveLength(0);
  });

  it("shows 'Ocurrió un error' when saving fails", async () => {
    fakeGateway({ [`PATCH ${STORE}`]: () => jsonResponse(500, { code: 'internal_error', message: 'boom' }) });
    const onSaved = renderSettings();
    fireEvent.change(field('settings-name'), { target: { value: 'Otra' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('Ocurrió un error')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('shows the slug as taken when the server refuses it (409 slug_taken)', async () => {
    fakeGateway({
      [SLUG_CHECK]: (_request, url) => ({ slug: url.searchParams.get('slug'), available: true }),
      [`PATCH ${STORE}`]: () => jsonResponse(409, { code: 'slug_taken', message: 'Este dominio no está disponible' }),
    });
    renderSettings();
    fireEvent.change(field('settings-slug'), { target: { value: 'rapida' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(screen.getAllByText('Este dominio no está disponible').length).toBeGreaterThanOrEqual(2));
    expect(field('settings-slug').getAttribute('aria-invalid')).toBe('true');
  });

  it('offers the custom-shop switch only with ?showCustomShopToggle=true', () => {
    fakeGateway({});
    renderSettings(vi.fn(), shopFixture(), { showCustomShopToggle: true });
    expect(screen.queryByText('Mostrar el carrusel de banners')).toBeNull();
    fireEvent.click(screen.getByTestId('settings-custom-toggle'));
    expect(screen.getByText('Mostrar el carrusel de banners')).toBeTruthy();
  });
});
