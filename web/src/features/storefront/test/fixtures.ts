import type { BannerJson, CatalogueJson, HeaderJson, ItemJson, ListResponse, ShopJson } from '@vitrina/contracts';
import { toShop } from '@/features/storefront/api/get-shop-by-slug';

export const SHOP_ID = '01930000-0000-7000-8000-000000000101';
export const OWNER_ID = '01930000-0000-7000-8000-000000000001';
export const SUPPLIER_ID = '01930000-0000-7000-8000-000000000002';

export function banner(n: number, overrides: Partial<BannerJson> = {}): BannerJson {
  return {
    id: `banner-${n}`,
    hzt_image: `/img/banner-${n}.png`,
    hzt_image_id: null,
    vrt_image: `/img/banner-${n}-m.png`,
    vrt_image_id: null,
    product: null,
    supplier: null,
    url: null,
    url_target: true,
    target: 'all',
    action_type: 'none',
    position: n,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function header(overrides: Partial<HeaderJson> = {}): HeaderJson {
  return {
    id: 'header-1',
    title: 'Lo mejor del sol',
    subtitle: 'Artesanías y café',
    description: 'Hecho a mano en Oaxaca.',
    target: 'all',
    action_type: 'none',
    url: null,
    product: null,
    product_supplier: null,
    button_label: 'signupfree',
    initial_color: '#f5f8fa',
    final_color: '#c3fae8',
    position: 1,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function shopJson(overrides: Partial<ShopJson> = {}): ShopJson {
  return toShop({ id: SHOP_ID, slug: 'demo', name: 'Tienda Demo', owner: OWNER_ID, ...overrides });
}

export function item(n: number, overrides: Partial<ItemJson> = {}): ItemJson {
  const price = overrides.list_price_minor ?? 10000 + n * 100;
  return {
    id: `01930000-0000-7000-8001-${n.toString().padStart(12, '0')}`,
    owner: SUPPLIER_ID,
    owner_name: 'Artesanías del Sol',
    name: `Producto ${n}`,
    slug: `producto-${n}`,
    type: 'product',
    main_type: 'business',
    photos: [`/img/item-${n}.png`],
    images: [`/img/item-${n}.png`],
    description: 'Una descripción.',
    tags: ['sol'],
    list_price: (price / 100).toFixed(2),
    list_price_minor: price,
    crossout_price: null,
    crossout_price_minor: null,
    currency: 'MXN',
    hide_price: false,
    is_free: false,
    is_dropshipping: true,
    contribution_margin: '20.00',
    contribution_margin_minor: 2000,
    variants: {},
    stock: { available: 5, stock_type: 'onstock', max_purchase_amount: null },
    available: 5,
    stock_type: 'onstock',
    max_purchase_amount: null,
    sold_out: false,
    experience_date: null,
    experience_available: null,
    concluded: false,
    list_state: 'published',
    hiden: false,
    queue_position: n,
    category_ids: [],
    return_info: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function catalogue(n: number, overrides: Partial<CatalogueJson> = {}): CatalogueJson {
  return {
    id: `catalogue-${n}`,
    owner: OWNER_ID,
    name: `Catálogo ${n}`,
    slug: `catalogo-${n}`,
    photo: null,
    position: n,
    weight: 10 - n,
    num_products: 3,
    state: 'published',
    origin_id: null,
    origin_slug: null,
    share: { name: `Catálogo ${n}`, path: `/catalogos/catalogo-${n}`, url: `/tienda/demo/catalogos/catalogo-${n}` },
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function list<T>(results: T[], matches = results.length): ListResponse<T> {
  return { results, matches_estimated: matches };
}
