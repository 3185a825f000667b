import type { BannerJson, HeaderJson, ItemJson } from '@vitrina/contracts';
import { itemJson } from '@/test/fixtures';

// The shop, catalogues and lists are the shared ones: `shopJson`, `catalogueJson`, `list` of '@/test/fixtures'.

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

/** Item `n` as the storefront tests list it: tagged 'sol', priced 100 + n MXN. */
export function item(n: number, overrides: Partial<ItemJson> = {}): ItemJson {
  const price = overrides.list_price_minor ?? 10000 + n * 100;
  return itemJson(n, { tags: ['sol'], list_price: (price / 100).toFixed(2), list_price_minor: price, ...overrides });
}
