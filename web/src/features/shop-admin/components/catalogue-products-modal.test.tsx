import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { itemJson, list, SHOP_ID } from '@/test/fixtures';
import { jsonResponse } from '@/test/render-app';
import { fakeGateway, renderUi, resetNotices } from '@/test/render-ui';
import { CATALOGUE, catalogueFixture, OWNER, shopFixture, STORE } from '../test/fixtures';
import { CatalogueProductsModal, PRODUCT_MOVE_OVERLAY_MS } from './catalogue-products-modal';
import { MyCataloguesModal } from './my-catalogues-modal';

afterEach(() => {
  resetNotices();
  vi.useRealTimers();
});

const CAT = catalogueFixture();
const PRODUCTS = `GET ${CATALOGUE}/catalogues/cat-1/products`;
const [ONE, TWO, THREE] = [itemJson(1), itemJson(2), itemJson(3)];

function renderModal(extra: Parameters<typeof fakeGateway>[0] = {}) {
  const api = fakeGateway({ [PRODUCTS]: () => list([ONE, TWO, THREE]), ...extra });
  const onChanged = vi.fn();
  renderUi(<CatalogueProductsModal owner={OWNER} catalogue={CAT} opened onClose={vi.fn()} onChanged={onChanged} />);
  return { api, onChanged };
}

const rowNames = () => screen.getAllByTestId('catalogue-product-row').map((row) => within(row).getByText(/^Producto \d$/).textContent);

describe('products of a catalogue (spec 1 §2, §4, §7, §8)', { timeout: 20_000 }, () => {
  it("lists the catalogue's products in the owner's order", async () => {
    const { api } = renderModal();
    expect(await screen.findAllByTestId('catalogue-product-row')).toHaveLength(3);
    expect(rowNames()).toEqual(['Producto 1', 'Producto 2', 'Producto 3']);
    expect(screen.getByText('Productos: 3')).toBeTruthy();
    const query = api.callsTo(PRODUCTS)[0]!.url.searchParams;
    expect(query.get('sort')).toBe('position');
    expect(query.get('limit')).toBe('30');
  });

  it('removes a product after 5 s, unless undone', async () => {
    const { api, onChanged } = renderModal({
      [`DELETE ${CATALOGUE}/catalogues/cat-1/products/${TWO.id}`]: () => catalogueFixture({ num_products: 2 }),
    });
    const row = () => screen.getAllByTestId('catalogue-product-row')[1]!;
    await screen.findAllByTestId('catalogue-product-row');
    vi.useFakeTimers({ shouldAdvanceTime: true });

    fireEvent.click(within(row()).getByRole('button', { name: 'Quitar Producto 2 del catálogo' }));
    expect(within(row()).getByText('Quitando… 5')).toBeTruthy();
    fireEvent.click(within(row()).getByTestId('catalogue-product-undo'));
    await act(async () => {
      vi.advanceTimersByTime(6_000);
    });
    expect(api.callsTo(`DELETE ${CATALOGUE}/catalogues/cat-1/products/${TWO.id}`)).toHaveLength(0);
    expect(within(row()).getByTestId('catalogue-product-remove')).toBeTruthy();

    fireEvent.click(within(row()).getByTestId('catalogue-product-remove'));
    await act(async () => {
      vi.advanceTimersByTime(4_000);
    });
    expect(api.callsTo(`DELETE ${CATALOGUE}/catalogues/cat-1/products/${TWO.id}`)).toHaveLength(0);
    await act(async () => {
      vi.advanceTimersByTime(1_100);
    });
    expect(await screen.findByText('El producto se quitó del catálogo')).toBeTruthy();
    expect(api.callsTo(`DELETE ${CATALOGUE}/catalogues/cat-1/products/${TWO.id}`)).toHaveLength(1);
    await waitFor(() => expect(rowNames()).toEqual(['Producto 1', 'Producto 3']));
    expect(screen.getByText('Productos: 2')).toBeTruthy();
    expect(onChanged).toHaveBeenCalled();
  });

  it('tells when the removal failed and keeps the product', async () => {
    renderModal({
      [`DELETE ${CATALOGUE}/catalogues/cat-1/products/${ONE.id}`]: () => jsonResponse(500, { code: 'internal_error', message: 'x' }),
    });
    await screen.findAllByTestId('catalogue-product-row');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Quitar Producto 1 del catálogo' }));
    await act(async () => {
      vi.advanceTimersByTime(5_100);
    });
    expect(await screen.findByText('Ocurrio un error al borrar el producto del catálogo')).toBeTruthy();
    expect(rowNames()).toEqual(['Producto 1', 'Producto 2', 'Producto 3']);
  });

  it('moves a product with the arrows: the move call, the ordering overlay, then a fresh read', async () => {
    const { api } = renderModal({ [`POST ${CATALOGUE}/catalogues/cat-1/products/move`]: () => CAT });
    await screen.findAllByTestId('catalogue-product-row');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Bajar Producto 1' }));
    expect(rowNames()).toEqual(['Producto 2', 'Producto 1', 'Producto 3']);
    expect(await screen.findByTestId('catalogue-products-ordering')).toBeTruthy();
    await waitFor(() => expect(api.callsTo(`POST ${CATALOGUE}/catalogues/cat-1/products/move`)).toHaveLength(1));
    expect(api.callsTo(`POST ${CATALOGUE}/catalogues/cat-1/products/move`)[0]?.body).toEqual({ product: ONE.id, position: 2 });
    const reads = api.callsTo(PRODUCTS).length;
    await act(async () => {
      vi.advanceTimersByTime(PRODUCT_MOVE_OVERLAY_MS + 100);
    });
    await waitFor(() => expect(screen.queryByTestId('catalogue-products-ordering')).toBeNull());
    expect(api.callsTo(PRODUCTS).length).toBeGreaterThan(reads);
  });

  it('puts the old order back when the move fails', async () => {
    renderModal({
      [`POST ${CATALOGUE}/catalogues/cat-1/products/move`]: () => jsonResponse(400, { code: 'updating_position_error', message: 'busy' }),
    });
    await screen.findAllByTestId('catalogue-product-row');
    fireEvent.click(screen.getByRole('button', { name: 'Subir Producto 3' }));
    expect(await screen.findByText('Se está actualizando el orden, inténtalo más tarde')).toBeTruthy();
    expect(rowNames()).toEqual(['Producto 1', 'Producto 2', 'Producto 3']);
  });

  it('adds chosen products of the shop with add_filtered', async () => {
    const NEW = itemJson(4, { name: 'Producto 4' });
    const { api, onChanged } = renderModal({
      [`GET ${STORE}`]: () => shopFixture(),
      [`GET /api/catalogue/shops/${SHOP_ID}/items`]: () => list([ONE, NEW]),
      [`POST ${CATALOGUE}/catalogues/cat-1/products/add_filtered`]: () => ({
        catalogue: catalogueFixture({ num_products: 4 }),
        added: [NEW.id],
      }),
    });
    await screen.findAllByTestId('catalogue-product-row');
    fireEvent.click(screen.getByTestId('catalogue-products-add'));
    const items = await screen.findAllByTestId('catalogue-add-item', {}, { timeout: 5_000 });
    expect(items).toHaveLength(2);
    // Already in the catalogue: checked and not selectable.
    expect(within(items[0]!).getByText('Ya está en el catálogo')).toBeTruthy();
    expect(within(items[0]!).getByRole<HTMLInputElement>('checkbox').disabled).toBe(true);
    const submit = screen.getByTestId<HTMLButtonElement>('catalogue-add-submit');
    expect(submit.disabled).toBe(true);
    fireEvent.click(within(items[1]!).getByRole('checkbox', { name: 'Producto 4' }));
    expect(submit.textContent).toBe('Agregar seleccionados (1)');
    fireEvent.click(submit);
    expect(await screen.findByText('Los productos han sido agregado al catálogo')).toBeTruthy();
    expect(api.callsTo(`POST ${CATALOGUE}/catalogues/cat-1/products/add_filtered`)[0]?.body).toEqual({
      query: { ids: [NEW.id] },
      silent: true,
    });
    const search = api.callsTo(`GET /api/catalogue/shops/${SHOP_ID}/items`)[0]!.url.searchParams;
    expect(search.get('type')).toBe('product');
    expect(search.get('limit')).toBe('10');
    // Back to the list, read again.
    expect(await screen.findByTestId('catalogue-products-add')).toBeTruthy();
    expect(onChanged).toHaveBeenCalled();
  });

  it("shows 'Ocurrio un error al agregar al catálogo' when adding fails", async () => {
    renderModal({
      [`GET ${STORE}`]: () => shopFixture(),
      [`GET /api/catalogue/shops/${SHOP_ID}/items`]: () => list([itemJson(5)]),
      [`POST ${CATALOGUE}/catalogues/cat-1/products/add_filtered`]: () => jsonResponse(500, { code: 'internal_error', message: 'x' }),
    });
    fireEvent.click(await screen.findByTestId('catalogue-products-add'));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Producto 5' }, { timeout: 5_000 }));
    fireEvent.click(screen.getByTestId('catalogue-add-submit'));
    expect(await screen.findByText('Ocurrio un error al agregar al catálogo')).toBeTruthy();
  });

  it("opens from a row of 'Mis catálogos'", async () => {
    fakeGateway({
      [`GET ${CATALOGUE}/catalogues`]: () => list([CAT, catalogueFixture({ id: 'cat-2', name: 'Café', position: 2 })]),
      [PRODUCTS]: () => list([ONE]),
    });
    renderUi(<MyCataloguesModal owner={OWNER} opened onClose={vi.fn()} onChanged={vi.fn()} />);
    const rows = await screen.findAllByTestId('catalogue-row');
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Ver los productos de Regalos' }));
    expect(await screen.findByRole('dialog', { name: 'Productos de «Regalos»' })).toBeTruthy();
    expect(await screen.findAllByTestId('catalogue-product-row')).toHaveLength(1);
    // One dialog at a time: 'Mis catálogos' steps aside while the products are open.
    expect(screen.queryByTestId('catalogue-row')).toBeNull();
  });
});
