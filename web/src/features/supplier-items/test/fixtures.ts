import type { ItemJson } from '@vitrina/contracts';
import { SUPPLIER_ID } from '@/test/fixtures';
import type { SupplierRef } from '../api/http';

export const SUPPLIER: SupplierRef = { ownerId: SUPPLIER_ID, accountType: 'franchise' };
export const ITEMS = `/api/catalogue/${SUPPLIER_ID}:${SUPPLIER_ID}/franchise/items`;

/** The supplier's own unpublished item, with every optional field filled in. */
export function itemFixture(overrides: Partial<ItemJson> = {}): ItemJson {
  return {
    id: '01930000-0000-7000-8001-0000000000f1',
    owner: SUPPLIER_ID,
    owner_name: 'Artesanías del Sol',
    rating: { average: 0, count: 0 },
    name: 'Jarrón de barro',
    slug: 'jarron-de-barro',
    type: 'product',
    main_type: 'business',
    photos: ['/api/gallery/files/a.png'],
    images: ['/api/gallery/files/a.png'],
    description: 'Hecho a mano.',
    tags: ['barro'],
    list_price: '250.00',
    list_price_minor: 25000,
    crossout_price: '300.00',
    crossout_price_minor: 30000,
    currency: 'MXN',
    hide_price: false,
    is_free: false,
    is_dropshipping: true,
    contribution_margin: '50.00',
    contribution_margin_minor: 5000,
    variants: { Color: 'Rojo' },
    stock: { available: 8, stock_type: 'onstock', max_purchase_amount: 2 },
    available: 8,
    stock_type: 'onstock',
    max_purchase_amount: 2,
    sold_out: false,
    supplier_enabled: true,
    experience_date: null,
    experience_available: null,
    concluded: false,
    list_state: 'unpublished',
    hiden: false,
    queue_position: 0,
    category_ids: [],
    return_info: null,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}
