import { cleanNotifications, cleanNotificationsQueue } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { CatalogueJson, ItemJson, ShopJson } from '@vitrina/contracts';
import type { ReactNode } from 'react';
import { AppProvider } from '@/app/provider';
import { createI18n } from '@/i18n/i18n';
import { jsonResponse, stubFetch } from '@/test/render-app';
import type { OwnerRef } from '../api/http';

export const OWNER_ID = '01930000-0000-7000-8000-0000000000aa';
export const SHOP_ID = '01930000-0000-7000-8000-000000000101';
export const SUPPLIER_ID = '01930000-0000-7000-8000-000000000002';
export const OWNER: OwnerRef = { ownerId: OWNER_ID, accountType: 'affiliate' };
export const STORE = `/api/store/${OWNER_ID}:${OWNER_ID}/affiliate/store`;
export const CATALOGUE = `/api/catalogue/${OWNER_ID}:${OWNER_ID}/affiliate`;

// happy-dom has no document.fonts, which Mantine's autosize textarea listens to.
if (typeof document !== 'undefined' && !('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() } });
}

/** Renders admin components with the app's providers (i18n in Spanish, Mantine in test mode, a fresh query client). */
export function renderAdmin(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <AppProvider queryClient={queryClient} i18n={createI18n('es')} env="test">
      {ui}
    </AppProvider>,
  );
  return { ...view, queryClient };
}

type Handler = (request: Request, url: URL) => Response | object | Promise<Response | object>;

export interface Call {
  key: string;
  url: URL;
  body: unknown;
}

/**
 * A fake gateway: `'PATCH /api/store/…': (request) => body or Response`. Unhandled calls answer 404 (the auth
 * refresh included). `callsTo('PATCH /…')` lists the calls made, with their JSON bodies.
 */
export function fakeAdminApi(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchMock = stubFetch(async (request) => {
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname}`;
    const text = await request.clone().text();
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    calls.push({ key, url, body });
    const handler = handlers[key];
    if (!handler) return jsonResponse(404, { code: 'not_found', message: key });
    const answer = await handler(request, url);
    return answer instanceof Response ? answer : jsonResponse(200, answer);
  });
  return { fetchMock, calls, callsTo: (key: string) => calls.filter((call) => call.key === key) };
}

export function resetNotices(): void {
  cleanNotifications();
  cleanNotificationsQueue();
}

export function shopFixture(overrides: Partial<ShopJson> = {}): ShopJson {
  return {
    id: SHOP_ID,
    slug: 'demo',
    owner: OWNER_ID,
    name: 'Tienda Demo',
    photo: null,
    photo_display: 'cir',
    hidden_store_name: false,
    hidden_search_bar: false,
    hidden_affinity_xheader: false,
    store_type: 'affiliate',
    is_proxy: false,
    state: 'published',
    canonical_url: null,
    canonical_domain: null,
    domain: null,
    protocol: 'https',
    host: null,
    signup_plan: null,
    fb_pixel: null,
    live_chat_license: null,
    whatsapp_phone: null,
    whatsapp_country_code: null,
    contact_email: 'hola@demo.mx',
    contact_phone: null,
    contact_country_code: null,
    permissions: ['admin'],
    about_entry_id: null,
    seo_description: null,
    favicon: null,
    bgcolor: null,
    darkmode: false,
    hidden_darkmode: false,
    adornment_type: null,
    footer_bg: null,
    footer_fg: null,
    footer_style: 'simple',
    users_support_url: null,
    franchise_support_url: null,
    affiliate_support_url: null,
    facebook: null,
    instagram: null,
    twitter: null,
    youtube: null,
    twitch: null,
    kick: null,
    discord: null,
    dssupplier: null,
    dssupplier_banner: false,
    slider: true,
    header: true,
    user_info: { user_level: 2, is_owner: true },
    root_affinity_store_info: null,
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
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function itemFixture(n: number, overrides: Partial<ItemJson> = {}): ItemJson {
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

export function catalogueFixture(overrides: Partial<CatalogueJson> = {}): CatalogueJson {
  return {
    id: 'cat-1',
    owner: OWNER_ID,
    name: 'Regalos',
    slug: 'regalos',
    photo: null,
    position: 1,
    weight: 0,
    num_products: 3,
    state: 'published',
    origin_id: null,
    origin_slug: null,
    share: { name: 'Regalos', path: '/catalogos/regalos', url: '/tienda/demo/catalogos/regalos' },
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function list<T>(results: T[], total = results.length) {
  return { results, matches_estimated: total };
}
