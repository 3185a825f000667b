import { cleanNotifications, cleanNotificationsQueue } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ItemJson } from '@vitrina/contracts';
import type { ReactNode } from 'react';
import { AppProvider } from '@/app/provider';
import { createI18n } from '@/i18n/i18n';
import type { Locale } from '@/i18n/locales';
import { jsonResponse, stubFetch } from '@/test/render-app';
import type { SupplierRef } from '../api/http';

export const SUPPLIER_ID = '01930000-0000-7000-8000-000000000002';
export const SUPPLIER: SupplierRef = { ownerId: SUPPLIER_ID, accountType: 'franchise' };
export const ITEMS = `/api/catalogue/${SUPPLIER_ID}:${SUPPLIER_ID}/franchise/items`;

// happy-dom has no document.fonts, which Mantine's autosize textarea listens to.
if (typeof document !== 'undefined' && !('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() } });
}

/** The app's providers (i18n, Mantine in test mode, a fresh query client) around `ui`. */
export function renderSupplier(ui: ReactNode, locale: Locale = 'es') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <AppProvider queryClient={queryClient} i18n={createI18n(locale)} env="test">
      {ui}
    </AppProvider>,
  );
  return { ...view, queryClient };
}

type Handler = (request: Request, url: URL) => Response | object | Promise<Response | object>;

/** A fake gateway: `'POST /api/…': (request) => body or Response`; anything else answers 404. */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: Array<{ key: string; url: URL; body: unknown }> = [];
  stubFetch(async (request) => {
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname}`;
    const text = await request.clone().text();
    calls.push({ key, url, body: text ? (JSON.parse(text) as unknown) : undefined });
    const handler = handlers[key];
    if (!handler) return jsonResponse(404, { code: 'not_found', message: key });
    const answer = await handler(request, url);
    return answer instanceof Response ? answer : jsonResponse(200, answer);
  });
  return { calls, callsTo: (key: string) => calls.filter((call) => call.key === key) };
}

export function resetNotices(): void {
  cleanNotifications();
  cleanNotificationsQueue();
}

export function itemFixture(overrides: Partial<ItemJson> = {}): ItemJson {
  return {
    id: '01930000-0000-7000-8001-0000000000f1',
    owner: SUPPLIER_ID,
    owner_name: 'Artesanías del Sol',
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
