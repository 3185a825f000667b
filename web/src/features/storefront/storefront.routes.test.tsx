import { ErrorCodes } from '@vitrina/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { catalogueJson, list, shopJson } from '@/test/fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';
import { callsTo, fakeApi } from './test/fake-api';
import { banner, header, item } from './test/fixtures';

const ITEMS = '/api/catalogue/shops/demo/items';

function demoApi(overrides: Record<string, unknown> = {}) {
  return fakeApi({
    '/api/store/shops/by-slug/demo': shopJson({
      store_theme_info: { ...shopJson().store_theme_info, slider_info: [banner(1), banner(2)], header_info: [header()], columns: 1 },
    }),
    [ITEMS]: (url: URL) => {
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 36);
      const all = Array.from({ length: 40 }, (_, i) => item(i + 1));
      return list(all.slice(offset, offset + limit), all.length);
    },
    '/api/catalogue/public/referral/:owner/catalogues': list([catalogueJson(1), catalogueJson(2)]),
    ...overrides,
  });
}

// Whole-app renders: the first ones transform the route chunks, which is slow on a busy machine.
describe('storefront routes', { timeout: 20_000 }, () => {
  it('shows the home in the spec order: header bar, catalogue strip, banners, header block, rows, footer', async () => {
    demoApi();
    renderApp('/tienda/demo/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lo mejor del sol' })).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByText('Tienda Demo')).toBeTruthy();
    expect(await screen.findByRole('navigation', { name: 'Catálogos de la tienda' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Promociones' })).toBeTruthy();
    expect(await screen.findByTestId('home-row-product')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(document.title).toBe('Tienda Demo');
  });

  it('hides the catalogue strip when hidden_search_bar is set', async () => {
    demoApi({ '/api/store/shops/by-slug/demo': shopJson({ hidden_search_bar: true }) });
    renderApp('/tienda/demo/');
    await screen.findByRole('heading', { level: 1, name: 'Bienvenido a Tienda Demo' });
    await screen.findByTestId('home-row-product');
    expect(screen.queryByRole('navigation', { name: 'Catálogos de la tienda' })).toBeNull();
  });

  it('pages and sorts /productos through the page and sort search params', async () => {
    const fetchMock = demoApi();
    const { router } = renderApp('/tienda/demo/productos?page=2&sort=-list_price');
    expect(await screen.findByRole('heading', { level: 1, name: 'Productos' })).toBeTruthy();
    await screen.findByText('Producto 37');
    const first = callsTo(fetchMock, ITEMS).at(-1)!;
    expect(Object.fromEntries(first)).toMatchObject({ type: 'product', sort: '-list_price', offset: '36', limit: '36' });
    expect(screen.getByText('40 resultados')).toBeTruthy();

    // A new sort starts again at page 1.
    fireEvent.change(screen.getByRole('combobox', { name: 'Ordenar por' }), { target: { value: 'list_price' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'list_price' }));
    await screen.findByText('Producto 1');
    expect(Object.fromEntries(callsTo(fetchMock, ITEMS).at(-1)!)).toMatchObject({ sort: 'list_price', offset: '0' });

    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'list_price', page: 2 }));
  });

  it('lists from the first page in the default order when the URL holds a page or sort it does not know', async () => {
    const fetchMock = demoApi();
    renderApp('/tienda/demo/productos?page=abc&sort=price');
    await screen.findByText('Producto 1');
    expect(Object.fromEntries(callsTo(fetchMock, ITEMS).at(-1)!)).toMatchObject({ sort: 'queue_position', offset: '0', limit: '36' });
    expect(screen.queryByText('No pudimos cargar los artículos')).toBeNull();
  });

  it('uses 18 per page for services and says so when there are none', async () => {
    const fetchMock = demoApi({ [ITEMS]: list([]) });
    renderApp('/tienda/demo/servicios');
    expect(await screen.findByText('Todavía no hay servicios')).toBeTruthy();
    expect(Object.fromEntries(callsTo(fetchMock, ITEMS).at(-1)!)).toMatchObject({ type: 'service', limit: '18', offset: '0' });
  });

  it('shows an error with a retry when the listing fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    demoApi({ [ITEMS]: () => (fail ? jsonResponse(503, { code: 'service_unavailable', message: 'down' }) : list([item(1)])) });
    renderApp('/tienda/demo/productos');
    const alert = await screen.findByRole('alert');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Producto 1')).toBeTruthy();
  });

  it('opens an item page with price, availability, the return policy, add-to-cart and buy-now', async () => {
    const detail = item(3, {
      variants: { Talla: 'S, M, L' },
      return_info: { return_type: '72hrs', return_fees: 'free', return_shipping_label: 'download', restocking_fees: 10 },
    });
    demoApi({
      '/api/catalogue/items/:owner/:item': detail,
      '/api/catalogue/dssuppliers/:id': { id: detail.owner, name: 'Artesanías del Sol', image: null, enabled: true },
    });
    renderApp(`/tienda/demo/productos/${detail.owner}/${detail.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Producto 3' })).toBeTruthy();
    expect(screen.getByTestId('item-price').textContent).toContain('$103.00');
    expect(screen.getByText('5 disponibles')).toBeTruthy();
    // issue 11: the cart works; buying straight away too.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Agregar al carrito' }).disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Comprar ahora' })).toBeTruthy();
    expect(await screen.findByText('Artesanías del Sol')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Política de devoluciones' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('La devolución no tiene costo para el cliente.')).toBeTruthy();
    expect(within(dialog).getByText('Se descuenta el 10 % del importe por reposición.')).toBeTruthy();
  });

  it('marks a concluded experience and a sold-out item', async () => {
    const past = item(4, { type: 'experience', experience_date: '2020-01-01T10:00:00.000Z', concluded: true, experience_available: false });
    demoApi({ '/api/catalogue/items/:owner/:item': past });
    renderApp(`/tienda/demo/experiencias/${past.owner}/${past.id}`);
    expect(await screen.findByText('Esta experiencia ya concluyó.')).toBeTruthy();
    // spec 3 §4: a concluded experience cannot be bought.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Agregar al carrito' }).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Comprar ahora' })).toBeNull();
  });

  it("shows a disabled supplier's item with a note and no way to buy it (issue 16)", async () => {
    const off = item(5, { supplier_enabled: false });
    demoApi({ '/api/catalogue/items/:owner/:item': off });
    renderApp(`/tienda/demo/productos/${off.owner}/${off.id}`);
    const note = await screen.findByTestId('item-supplier-disabled');
    expect(note.textContent).toContain('El proveedor de este artículo está deshabilitado por ahora');
    expect(within(note).getByRole('link', { name: 'Más información' }).getAttribute('href')).toBe(
      '/tienda/demo/ayuda/proveedores/deshabilitado',
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Agregar al carrito' }).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Comprar ahora' })).toBeNull();
  });

  it('shows the not-found page for an unknown item', async () => {
    demoApi({ '/api/catalogue/items/:owner/:item': () => jsonResponse(404, { code: 'not_found', message: 'no' }) });
    renderApp('/tienda/demo/productos/x/y');
    expect(await screen.findByRole('heading', { name: '¡Página no encontrada!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Regresar a la principal' }).getAttribute('href')).toBe('/tienda/demo/');
  });

  it('shows the shop not-found page for an unknown slug', async () => {
    fakeApi({ '/api/store/shops/by-slug/:slug': () => jsonResponse(404, { code: ErrorCodes.shopNotFound, message: 'Shop not found' }) });
    renderApp('/tienda/nadie/');
    expect(await screen.findByRole('heading', { name: 'Lo sentimos, pero la tienda no existe' })).toBeTruthy();
  });

  it('sends the affiliate parameters with the shop load', async () => {
    const fetchMock = demoApi();
    renderApp('/tienda/demo/?referral=rita&click_id=c1&utm=x');
    await screen.findByTestId('home-row-product');
    expect(Object.fromEntries(callsTo(fetchMock, '/api/store/shops/by-slug/demo')[0]!)).toEqual({ referral: 'rita', click_id: 'c1' });
  });

  it('searches with autocomplete after 400 ms, 5 suggestions, and says when nothing matches', async () => {
    const fetchMock = demoApi({
      '/api/catalogue/shops/demo/suggestions': (url: URL) =>
        url.searchParams.get('text') === 'zzz'
          ? list([])
          : list(
              [1, 2, 3, 4, 5].map((n) => ({ id: `i${n}`, owner: 'o', name: `Café ${n}`, slug: `cafe-${n}`, type: 'product', photo: null })),
            ),
    });
    renderApp('/tienda/demo/');
    fireEvent.click(await screen.findByRole('button', { name: 'Buscar en la tienda' }));
    const input = await screen.findByLabelText('¿Qué estás buscando?', {}, { timeout: 8000 });
    fireEvent.change(input, { target: { value: 'CAF' } });
    expect(callsTo(fetchMock, '/api/catalogue/shops/demo/suggestions')).toHaveLength(0);
    expect(await screen.findAllByTestId('search-suggestion', {}, { timeout: 2000 })).toHaveLength(5);
    const sent = callsTo(fetchMock, '/api/catalogue/shops/demo/suggestions');
    expect(sent).toHaveLength(1);
    expect(Object.fromEntries(sent[0]!)).toEqual({ text: 'caf', type: 'product', n_suggestions: '5' });

    fireEvent.change(input, { target: { value: 'zzz' } });
    expect(await screen.findByText('No encontramos productos para «zzz»', {}, { timeout: 2000 })).toBeTruthy();
  });

  it('does not search when the shop has no owner', async () => {
    const fetchMock = demoApi({ '/api/store/shops/by-slug/demo': shopJson({ owner: '' }) });
    renderApp('/tienda/demo/buscar?text=cafe');
    expect(await screen.findByText('Esta tienda todavía no tiene artículos para buscar.')).toBeTruthy();
    expect(callsTo(fetchMock, ITEMS).filter((query) => query.get('text'))).toHaveLength(0);
  });

  it('opens a catalogue and searches it; an anonymous visitor gets no share or copy (spec 1 §6)', async () => {
    const fetchMock = demoApi({
      '/api/catalogue/public/referral/:owner/catalogues/catalogo-1': catalogueJson(1),
      '/api/catalogue/public/referral/:owner/catalogues/catalogo-1/products': list([item(1), item(2)], 2),
    });
    const { router } = renderApp('/tienda/demo/catalogos/catalogo-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Catálogo 1' })).toBeTruthy();
    await screen.findByText('Producto 2');
    expect(screen.queryByTestId('copy-catalogue-link')).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: 'Buscar en este catálogo' }), { target: { value: 'taza' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(router.state.location.search).toEqual({ text: 'taza' }));
    await waitFor(() =>
      expect(
        Object.fromEntries(
          callsTo(fetchMock, '/api/catalogue/public/referral/01930000-0000-7000-8000-000000000001/catalogues/catalogo-1/products').at(-1)!,
        ),
      ).toMatchObject({
        text: 'taza',
        offset: '0',
        limit: '30',
      }),
    );
  });

  it('lists the catalogues', async () => {
    demoApi();
    renderApp('/tienda/demo/catalogos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Catálogos' })).toBeTruthy();
    expect(await screen.findAllByTestId('catalogue-card')).toHaveLength(2);
  });
});
