import type { CatalogueJson, ItemJson, ListResponse, ShopJson } from '@vitrina/contracts';
import { toShop } from '@/features/storefront/api/get-shop-by-slug';

/**
 * Contract JSON the features' tests share (the demo shop, its items and catalogues), so that a field added to
 * the contracts is added once. A feature's own fixtures start from these and override what its tests need.
 */

export const SHOP_ID = '01930000-0000-7000-8000-000000000101';
export const SHOP_OWNER_ID = '01930000-0000-7000-8000-000000000001';
export const SUPPLIER_ID = '01930000-0000-7000-8000-000000000002';
export const CREATED_AT = '2026-01-01T00:00:00.000Z';

/** The demo shop through the storefront's own mapping: the documented defaults for whatever is not given. */
export function shopJson(overrides: Partial<ShopJson> = {}): ShopJson {
  return toShop({ id: SHOP_ID, slug: 'demo', name: 'Tienda Demo', owner: SHOP_OWNER_ID, ...overrides });
}

/** Item `n` of the supplier: a published dropshipping product at 100.00 MXN with 5 in stock. */
export function itemJson(n: number, overrides: Partial<ItemJson> = {}): ItemJson {
  return {
    id: `01930000-0000-7000-8001-${n.toString().padStart(12, '0')}`,
    owner: SUPPLIER_ID,
    owner_name: 'Artesanías del Sol',
    rating: { average: 0, count: 0 },
    name: `Producto ${n}`,
    slug: `producto-${n}`,
    type: 'product',
    main_type: 'business',
    photos: [`/img/item-${n}.png`],
    images: [`/img/item-${n}.png`],
    description: 'Una descripción.',
    tags: [],
    list_price: '100.00',
    list_price_minor: 10000,
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
    supplier_enabled: true,
    experience_date: null,
    experience_available: null,
    concluded: false,
    list_state: 'published',
    hiden: false,
    queue_position: n,
    category_ids: [],
    return_info: null,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    ...overrides,
  };
}

/** Catalogue `n` of the demo shop, published, with 3 products. */
export function catalogueJson(n: number, overrides: Partial<CatalogueJson> = {}): CatalogueJson {
  return {
    id: `catalogue-${n}`,
    owner: SHOP_OWNER_ID,
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
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    ...overrides,
  };
}

export function list<T>(results: T[], matches = results.length): ListResponse<T> {
  return { results, matches_estimated: matches };
}
