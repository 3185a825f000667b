import type { CatalogueJson, ShopJson } from '@vitrina/contracts';
import { catalogueJson, CREATED_AT, shopJson } from '@/test/fixtures';
import type { OwnerRef } from '../api/http';

export const OWNER_ID = '01930000-0000-7000-8000-0000000000aa';
export const OWNER: OwnerRef = { ownerId: OWNER_ID, accountType: 'affiliate' };
export const STORE = `/api/store/${OWNER_ID}:${OWNER_ID}/affiliate/store`;
export const CATALOGUE = `/api/catalogue/${OWNER_ID}:${OWNER_ID}/affiliate`;

/** The demo shop as its owner's admin loads it: an affiliate shop with the admin permission. */
export function shopFixture(overrides: Partial<ShopJson> = {}): ShopJson {
  return shopJson({
    owner: OWNER_ID,
    store_type: 'affiliate',
    contact_email: 'hola@demo.mx',
    permissions: ['admin'],
    user_info: { user_level: 2, is_owner: true },
    store_theme_info: {
      theme: '03',
      color1: '#1c7ed6',
      color2: null,
      columns: 2,
      signup_form: 'complete',
      sections_info: ['products', 'services', 'catalogues'],
      slider_info: [],
      header_info: [],
    },
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    ...overrides,
  });
}

/** The owner's catalogue 'Regalos'. */
export function catalogueFixture(overrides: Partial<CatalogueJson> = {}): CatalogueJson {
  return catalogueJson(1, {
    id: 'cat-1',
    owner: OWNER_ID,
    name: 'Regalos',
    slug: 'regalos',
    weight: 0,
    share: { name: 'Regalos', path: '/catalogos/regalos', url: '/tienda/demo/catalogos/regalos' },
    ...overrides,
  });
}
