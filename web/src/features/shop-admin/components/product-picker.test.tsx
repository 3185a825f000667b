import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BannerJson, HeaderJson, ItemSuggestionJson } from '@vitrina/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { itemJson, list, SHOP_ID, SUPPLIER_ID } from '@/test/fixtures';
import { fakeGateway, renderUi, resetNotices } from '@/test/render-ui';
import { OWNER, shopFixture, STORE } from '../test/fixtures';
import { BannerEditorModal } from './banner-editor-modal';
import { HeaderEditorModal } from './header-editor-modal';

afterEach(resetNotices);

const CAFE = itemJson(7, { name: 'Café de olla', owner_name: 'Finca La Esperanza' });
const MEZCAL = itemJson(8, { name: 'Mezcal artesanal' });
const SUGGESTIONS = `GET /api/catalogue/shops/${SHOP_ID}/suggestions`;

function suggestion(item: typeof CAFE): ItemSuggestionJson {
  return { id: item.id, owner: item.owner, name: item.name, slug: item.slug, type: 'product', photo: item.photos[0] ?? null };
}

/** The shop's type-ahead and item reads, as the catalogue service answers them. */
const catalogueReads = {
  [SUGGESTIONS]: (_request: Request, url: URL) => {
    const text = url.searchParams.get('text') ?? '';
    return list([CAFE, MEZCAL].filter((item) => item.name.toLowerCase().includes(text)).map(suggestion));
  },
  [`GET /api/catalogue/items/${SUPPLIER_ID}/${CAFE.id}`]: () => CAFE,
  [`GET /api/catalogue/items/${SUPPLIER_ID}/${MEZCAL.id}`]: () => MEZCAL,
  [`GET ${STORE}`]: () => shopFixture(),
};

function headerJson(overrides: Partial<HeaderJson> = {}): HeaderJson {
  return {
    id: 'header-1',
    title: 'Ofertas',
    subtitle: null,
    description: null,
    target: 'all',
    action_type: 'none',
    url: null,
    product: null,
    product_supplier: null,
    button_label: null,
    initial_color: '#f5f8fa',
    final_color: '#f5f8fa',
    position: 1,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function bannerJson(overrides: Partial<BannerJson> = {}): BannerJson {
  return {
    id: 'banner-1',
    hzt_image: '/img/b1.png',
    hzt_image_id: null,
    vrt_image: '/img/b1-m.png',
    vrt_image_id: null,
    product: CAFE.id,
    supplier: SUPPLIER_ID,
    url: null,
    url_target: true,
    target: 'all',
    action_type: 'product',
    position: 1,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Opens a Mantine Select by its test id and picks an option. */
function choose(testId: string, option: string) {
  fireEvent.click(screen.getByTestId(testId));
  fireEvent.click(screen.getByRole('option', { name: option }));
}

async function pick(searchTestId: string, text: string, name: string) {
  const search = screen.getByTestId(searchTestId);
  fireEvent.focus(search);
  fireEvent.change(search, { target: { value: text } });
  // spec 1 §9: the type-ahead waits 400 ms, then shows up to 5 of the shop's products.
  const option = await screen.findByRole('option', { name }, { timeout: 5_000 });
  fireEvent.click(option);
}

describe('product picker in the header form (spec 1 §2, §4, §5)', { timeout: 20_000 }, () => {
  it('asks for a product when the action is product, after the title rules', async () => {
    fakeGateway({ [`GET ${STORE}/headers`]: () => list([]), ...catalogueReads });
    renderUi(<HeaderEditorModal owner={OWNER} opened onClose={vi.fn()} onSaved={vi.fn()} />);
    fireEvent.click(await screen.findByTestId('header-add'));
    fireEvent.click(screen.getByTestId('header-save'));
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    fireEvent.change(screen.getByTestId('header-title'), { target: { value: 'x'.repeat(31) } });
    fireEvent.click(screen.getByTestId('header-save'));
    expect(await screen.findByText('Máximo 30 caracteres')).toBeTruthy();
    fireEvent.change(screen.getByTestId('header-title'), { target: { value: 'Ofertas' } });
    choose('header-action', 'Producto');
    choose('header-button-label', 'Comprar ahora');
    fireEvent.click(screen.getByTestId('header-save'));
    expect(await screen.findByText('Elige un producto')).toBeTruthy();
  });

  it("searches the shop's products and saves the chosen one with its supplier", async () => {
    const api = fakeGateway({
      [`GET ${STORE}/headers`]: () => list([]),
      [`POST ${STORE}/headers`]: () =>
        headerJson({ action_type: 'product', product: CAFE.id, product_supplier: SUPPLIER_ID, button_label: 'buynow' }),
      ...catalogueReads,
    });
    const onSaved = vi.fn();
    renderUi(<HeaderEditorModal owner={OWNER} opened onClose={vi.fn()} onSaved={onSaved} />);
    fireEvent.click(await screen.findByTestId('header-add'));
    fireEvent.change(screen.getByTestId('header-title'), { target: { value: 'Café de temporada' } });
    choose('header-action', 'Producto');
    choose('header-button-label', 'Comprar ahora');
    await pick('header-product-search', 'Café', 'Café de olla');
    const picked = await screen.findByTestId('picked-product');
    await waitFor(() => expect(within(picked).getByText('Café de olla')).toBeTruthy());
    expect(within(picked).getByText('Finca La Esperanza')).toBeTruthy();

    // The type-ahead is the storefront's: the shop (read from the owner's shop), lower-cased text, 5 suggestions.
    const search = api.callsTo(SUGGESTIONS).at(-1)!.url.searchParams;
    expect(search.get('text')).toBe('café');
    expect(search.get('type')).toBe('product');
    expect(search.get('n_suggestions')).toBe('5');

    fireEvent.click(screen.getByTestId('header-save'));
    expect(await screen.findByText('La sección se creó')).toBeTruthy();
    expect(api.callsTo(`POST ${STORE}/headers`)[0]?.body).toMatchObject({
      title: 'Café de temporada',
      action_type: 'product',
      product: CAFE.id,
      product_supplier: SUPPLIER_ID,
      button_label: 'buynow',
      url: null,
    });
    expect(onSaved).toHaveBeenCalled();
  });

  it('says when no product matches', async () => {
    fakeGateway({ [`GET ${STORE}/headers`]: () => list([]), ...catalogueReads });
    renderUi(<HeaderEditorModal owner={OWNER} shopRef={SHOP_ID} opened onClose={vi.fn()} onSaved={vi.fn()} />);
    fireEvent.click(await screen.findByTestId('header-add'));
    choose('header-action', 'Producto');
    const search = screen.getByTestId('header-product-search');
    fireEvent.focus(search);
    fireEvent.change(search, { target: { value: 'bicicleta' } });
    expect(await screen.findByText('No se encontró ningún producto', {}, { timeout: 5_000 })).toBeTruthy();
  });
});

describe('product picker in the banner form', { timeout: 20_000 }, () => {
  it('shows the current product when editing, and changes it', async () => {
    const banner = bannerJson();
    const api = fakeGateway({
      [`GET ${STORE}/banners`]: () => list([banner]),
      [`PATCH ${STORE}/banners/banner-1`]: () => bannerJson({ product: MEZCAL.id }),
      ...catalogueReads,
    });
    renderUi(<BannerEditorModal owner={OWNER} shop={shopFixture()} opened onClose={vi.fn()} onSaved={vi.fn()} />);
    // The list names the linked product.
    const row = await screen.findByTestId('banner-row');
    await waitFor(() => expect(within(row).getByText(/Café de olla/)).toBeTruthy());
    fireEvent.click(within(row).getByRole('button', { name: 'Editar' }));

    const picked = await screen.findByTestId('picked-product');
    await waitFor(() => expect(within(picked).getByText('Café de olla')).toBeTruthy());
    fireEvent.click(screen.getByTestId('banner-product-change'));
    await pick('banner-product-search', 'mezcal', 'Mezcal artesanal');
    await waitFor(() => expect(within(screen.getByTestId('picked-product')).getByText('Mezcal artesanal')).toBeTruthy());

    fireEvent.click(screen.getByTestId('banner-save'));
    expect(await screen.findByText('El banner se actualizó')).toBeTruthy();
    expect(api.callsTo(`PATCH ${STORE}/banners/banner-1`)[0]?.body).toMatchObject({
      action_type: 'product',
      product: MEZCAL.id,
      supplier: SUPPLIER_ID,
      url: null,
    });
  });

  it('requires a product for a product link', async () => {
    const api = fakeGateway({
      [`GET ${STORE}/banners`]: () => list([bannerJson({ product: null, supplier: null, action_type: 'none' })]),
      ...catalogueReads,
    });
    renderUi(<BannerEditorModal owner={OWNER} shop={shopFixture()} opened onClose={vi.fn()} onSaved={vi.fn()} />);
    fireEvent.click(within(await screen.findByTestId('banner-row')).getByRole('button', { name: 'Editar' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Producto' }));
    fireEvent.click(screen.getByTestId('banner-save'));
    expect(await screen.findByText('Elige un producto')).toBeTruthy();
    expect(api.callsTo(`PATCH ${STORE}/banners/banner-1`)).toHaveLength(0);
  });
});
