import { gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import type { CatalogueJson, ItemJson, ItemType, ShopJson } from '@vitrina/contracts';

/** A shop as the store answers it, with every field; tests override what they look at. */
export function shopJson(overrides: Partial<ShopJson> = {}): ShopJson {
  return {
    id: 'shop-1',
    slug: 'demo',
    owner: 'owner-1',
    name: 'Bazar de Daniela',
    photo: '/api/gallery/files/logo.png',
    photo_display: 'cir',
    hidden_store_name: false,
    hidden_search_bar: false,
    hidden_affinity_xheader: false,
    store_type: 'others',
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
    contact_email: null,
    contact_phone: null,
    contact_country_code: null,
    permissions: [],
    about_entry_id: null,
    seo_description: 'Artesanías mexicanas y café de altura.',
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
    supplier_card: false,
    slider: true,
    header: true,
    user_info: { user_level: null, is_owner: false },
    root_affinity_store_info: null,
    store_theme_info: {
      theme: '03',
      color1: null,
      color2: null,
      columns: 2,
      signup_form: 'basic',
      sections_info: [],
      slider_info: [],
      header_info: [],
    },
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** An item as the catalogue answers it. */
export function itemJson(overrides: Partial<ItemJson> = {}): ItemJson {
  const base: ItemJson = {
    id: 'item-1',
    owner: 'supplier-1',
    owner_name: 'Alfarería Oaxaca',
    name: 'Jarra de barro negro',
    slug: 'jarra-de-barro-negro',
    type: 'product',
    main_type: 'business',
    photos: ['/api/gallery/files/jarra.jpg', 'https://cdn.example/jarra-2.jpg'],
    images: [],
    description: 'Jarra de barro negro de San Bartolo Coyotepec, hecha a mano.',
    tags: ['barro'],
    list_price: '1299.50',
    list_price_minor: 129950,
    crossout_price: null,
    crossout_price_minor: null,
    currency: 'MXN',
    hide_price: false,
    is_free: false,
    is_dropshipping: false,
    contribution_margin: '0.00',
    contribution_margin_minor: 0,
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
    queue_position: 1,
    category_ids: [],
    return_info: null,
    rating: { average: 0, count: 0 },
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-02-03T04:05:06.000Z',
  };
  const item = { ...base, ...overrides };
  return {
    ...item,
    images: item.photos,
    stock: { available: item.available, stock_type: item.stock_type, max_purchase_amount: item.max_purchase_amount },
  };
}

export function catalogueJson(overrides: Partial<CatalogueJson> = {}): CatalogueJson {
  return {
    id: 'cat-1',
    owner: 'owner-1',
    name: 'Verano',
    slug: 'verano',
    photo: '/api/gallery/files/verano.jpg',
    position: 1,
    weight: 0,
    num_products: 3,
    state: 'published',
    origin_id: null,
    origin_slug: null,
    share: { name: 'Verano', path: '/catalogos/verano', url: '/tienda/demo/catalogos/verano' },
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-03-01T00:00:00.000Z',
    ...overrides,
  };
}

export interface StorefrontWorld {
  shops: ShopJson[];
  /** Item pages: `GET /catalogue/items/{owner}/{id}`. */
  items: ItemJson[];
  /** Each shop's public listing, by shop slug (in listing order). */
  listings: Record<string, ItemJson[]>;
  /** Each owner's published catalogues, by owner id. */
  catalogues: Record<string, CatalogueJson[]>;
}

export interface FakeStorefront {
  storeUrl: string;
  catalogueUrl: string;
  /** Paths the catalogue was asked for. */
  catalogueCalls: string[];
  /** Milliseconds every catalogue answer waits (to exercise the head's timeout). */
  setCatalogueDelay(ms: number): void;
  close(): Promise<void>;
}

/**
 * Real HTTP servers standing in for the store (shops by slug and by host) and the catalogue (items, catalogues,
 * listings with offset/limit, plus answers to test the gateway's compression: a large and a small JSON, server-sent
 * events, an answer already gzipped).
 */
export async function startFakeStorefront(world: StorefrontWorld): Promise<FakeStorefront> {
  const store: FastifyInstance = Fastify();
  store.get<{ Params: { slug: string } }>(
    '/store/shops/by-slug/:slug',
    async (req, reply) =>
      world.shops.find((s) => s.slug === req.params.slug) ?? reply.status(404).send({ code: 'shop_not_found', message: 'No such shop' }),
  );
  store.get<{ Params: { host: string } }>(
    '/store/shops/by-host/:host',
    async (req, reply) =>
      world.shops.find((s) => s.host === req.params.host) ?? reply.status(404).send({ code: 'shop_not_found', message: 'No such shop' }),
  );

  const catalogue: FastifyInstance = Fastify();
  const catalogueCalls: string[] = [];
  let delayMs = 0;
  catalogue.addHook('onRequest', async (req) => {
    catalogueCalls.push(req.url);
    // Ends early when the gateway gives up (it closes the request), so no timer outlives the test.
    if (delayMs) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delayMs);
        req.raw.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  });
  const page = <T>(all: T[], q: { offset?: string; limit?: string }) => {
    const offset = Number(q.offset ?? 0);
    const limit = Math.min(100, Number(q.limit ?? 10));
    return { results: all.slice(offset, offset + limit), matches_estimated: all.length };
  };
  catalogue.get<{ Params: { owner: string; item: string } }>('/catalogue/items/:owner/:item', async (req, reply) => {
    const found = world.items.find((i) => i.owner === req.params.owner && (i.id === req.params.item || i.slug === req.params.item));
    return found ?? reply.status(404).send({ code: 'item_not_found', message: 'No such item' });
  });
  catalogue.get<{ Params: { owner: string; slug: string } }>('/catalogue/public/referral/:owner/catalogues/:slug', async (req, reply) => {
    const owner = ownerOf(world, req.params.owner);
    const found = (world.catalogues[owner] ?? []).find((c) => c.slug === req.params.slug);
    return found ?? reply.status(404).send({ code: 'catalogue_not_found', message: 'No such catalogue' });
  });
  catalogue.get<{ Params: { owner: string }; Querystring: { offset?: string; limit?: string } }>(
    '/catalogue/public/referral/:owner/catalogues',
    async (req) => page(world.catalogues[ownerOf(world, req.params.owner)] ?? [], req.query),
  );
  catalogue.get<{ Params: { shop: string }; Querystring: { type?: ItemType; offset?: string; limit?: string } }>(
    '/catalogue/shops/:shop/items',
    async (req, reply) => {
      const all = world.listings[req.params.shop];
      if (!all) return reply.status(404).send({ code: 'shop_not_found', message: 'No such shop' });
      return page(
        all.filter((i) => !req.query.type || i.type === req.query.type),
        req.query,
      );
    },
  );
  // For the compression tests.
  catalogue.get('/catalogue/large-json', async () => ({
    results: Array.from({ length: 200 }, (_, i) => ({ id: `item-${i}`, name: `Artículo número ${i}` })),
    matches_estimated: 200,
  }));
  catalogue.get('/catalogue/small-json', async () => ({ ok: true }));
  catalogue.get('/catalogue/events', (_req, reply) => {
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    reply.raw.write(`data: ${'x'.repeat(2048)}\n\n`);
    // The stream stays open: a client must see this first event without the server ending the answer.
    const timer = setTimeout(() => reply.raw.end('data: end\n\n'), 30_000);
    reply.raw.on('close', () => clearTimeout(timer));
  });
  catalogue.get('/catalogue/gzipped', async (_req, reply) =>
    reply
      .header('content-encoding', 'gzip')
      .type('application/json')
      .send(gzipSync(JSON.stringify({ already: 'compressed', padding: 'y'.repeat(4096) }))),
  );

  const storeUrl = await store.listen({ port: 0, host: '127.0.0.1' });
  const catalogueUrl = await catalogue.listen({ port: 0, host: '127.0.0.1' });
  return {
    storeUrl,
    catalogueUrl,
    catalogueCalls,
    setCatalogueDelay: (ms) => (delayMs = ms),
    close: async () => {
      await Promise.all([store.close(), catalogue.close()]);
    },
  };
}

/** The catalogue's referral paths take an owner id or a shop slug. */
function ownerOf(world: StorefrontWorld, ref: string): string {
  return world.shops.find((s) => s.slug === ref)?.owner ?? ref;
}
