import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  DEMO,
  DEMO_ITEMS,
  StoreEvents,
  benchItemId,
  benchItemType,
  benchShopId,
  benchShopOfItem,
  benchShopOwnerId,
  benchShopSlug,
  benchSupplierId,
  benchSupplierOfItem,
  type StoreItemsChanged,
} from '@vitrina/contracts';
import { LOGGER, Outbox, TransactionRunner, type FolkArt, type Tx } from '@vitrina/platform';
import type { Logger } from 'pino';
import { banners, headers, itemRefs, shopFranchises, shopItems, shops } from '../db/schema.js';
import { GalleryService } from '../gallery/gallery.service.js';
import { shopEvents } from '../shops/events/shop-events.js';
import { STORE_CONFIG, type StoreConfig } from '../shared/config.js';
import { normaliseText } from '../shared/text.js';
import { renderBanner, renderLogo } from '../shared/shop-art.js';

type MotifName = FolkArt.MotifName;

type NewShop = typeof shops.$inferInsert;

const imageId = (n: number) => `01930000-0000-7000-8008-${n.toString().padStart(12, '0')}`;
const bannerId = (n: number) => `01930000-0000-7000-8009-${n.toString().padStart(12, '0')}`;
const headerId = (n: number) => `01930000-0000-7000-800a-${n.toString().padStart(12, '0')}`;

const { users, shops: S } = DEMO;

/**
 * Seeds the demo world's store part at start (SEED_DEMO, never in production), idempotently: the shops
 * `demo` (theme 03, banners for both layouts, a header with a call to action, social links), a franchise
 * shop, a reseller shop whose root affinity store is `demo`, a second owner's shop; their items in store
 * (DEMO_ITEMS ids) and generated images. Events only for what it really inserted. With SEED_BENCH_ITEMS it
 * also seeds the benchmark shops and their items (contracts: catalogue-demo.ts).
 */
@Injectable()
export class StoreDemoSeeder implements OnApplicationBootstrap {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly outbox: Outbox,
    private readonly gallery: GalleryService,
    @Inject(STORE_CONFIG) private readonly config: StoreConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo) return;
    const started = Date.now();
    await this.seedDemo();
    if (this.config.benchItems > 0) await this.seedBench(this.config.benchItems, this.config.benchShops);
    this.logger.info({ ms: Date.now() - started, bench: this.config.benchItems }, 'demo store seeded');
  }

  async seedDemo(): Promise<void> {
    const img = await this.images();
    await this.tx.run(async (tx) => {
      const demoShop: NewShop = {
        id: S.demo.id,
        slug: S.demo.slug,
        ownerId: users.demoOwner.id,
        name: 'Bazar de Daniela',
        photo: img.demoLogo,
        photoDisplay: 'bdr_cir',
        storeType: 'affiliate',
        seoDescription: 'Artesanías mexicanas y café de altura, directo de los productores.',
        contactEmail: users.demoOwner.email,
        contactPhone: '5512345678',
        contactCountryCode: '52',
        whatsappPhone: '5512345678',
        whatsappCountryCode: '52',
        permissions: ['admin', 'digital_products'],
        darkmode: true,
        hiddenDarkmode: false,
        footerBg: '#1f2937',
        footerFg: '#f9fafb',
        footerStyle: '3cols1col',
        usersSupportUrl: 'https://ayuda.vitrina.local',
        facebook: 'vitrinademo',
        instagram: 'vitrina.demo',
        twitter: 'vitrinademo',
        youtube: 'vitrinademo',
        twitch: 'vitrinademo',
        kick: 'vitrinademo',
        discord: 'https://discord.gg/vitrina-demo',
        theme: '03',
        color1: '#0f766e',
        color2: '#f59e0b',
        columns: 2,
        signupForm: 'complete',
        sectionsInfo: ['products', 'services', 'experiences', 'digital', 'catalogues', 'franchises', 'blogs'],
      };
      const franchiseShop: NewShop = {
        id: S.franchise.id,
        slug: S.franchise.slug,
        ownerId: users.supplierA.id,
        name: 'Franquicia Artesanías del Sol',
        photo: img.franchiseLogo,
        photoDisplay: 'bdr_rec',
        storeType: 'franchise',
        dssupplierId: users.supplierA.id,
        seoDescription: 'La franquicia oficial de Artesanías del Sol.',
        liveChatLicense: 'demo-chat-license',
        contactEmail: users.supplierA.email,
        franchiseSupportUrl: 'https://ayuda.vitrina.local/franquicias',
        permissions: ['admin'],
        theme: '05',
        color1: '#b45309',
        color2: '#1e3a8a',
        columns: 1,
        footerStyle: 'simple',
        signupForm: 'basic',
        sectionsInfo: ['products', 'services', 'experiences', 'digital', 'retail'],
      };
      const resellerShop: NewShop = {
        id: S.reseller.id,
        slug: S.reseller.slug,
        ownerId: users.reseller.id,
        name: 'Rita Reventa',
        photo: img.ritaLogo,
        storeType: 'affinity',
        rootAffinityStoreId: S.demo.id,
        affiliateSupportUrl: 'https://ayuda.vitrina.local/afiliados',
        contactEmail: users.reseller.email,
        permissions: ['admin'],
        theme: '03',
        color1: '#7c3aed',
        color2: '#db2777',
        instagram: 'rita.reventa',
        sectionsInfo: ['products', 'services', 'experiences', 'catalogues'],
      };
      const otherShop: NewShop = {
        id: S.other.id,
        slug: S.other.slug,
        ownerId: users.otherOwner.id,
        name: 'Café de Olga',
        photo: img.olgaLogo,
        storeType: 'affiliate',
        permissions: ['admin'],
        theme: '05',
        color1: '#78350f',
        color2: '#fde68a',
        sectionsInfo: ['products', 'services', 'experiences', 'digital', 'catalogues'],
      };
      for (const shop of [demoShop, franchiseShop, resellerShop, otherShop]) {
        await this.insertShop(tx, shop);
      }

      await tx
        .insert(banners)
        .values([
          {
            id: bannerId(1),
            shopId: S.demo.id,
            position: 1,
            hztImage: img.banner1h,
            hztImageId: imageId(10),
            vrtImage: img.banner1v,
            vrtImageId: imageId(11),
            product: DEMO_ITEMS[1].id,
            supplier: users.supplierA.id,
            actionType: 'product',
          },
          {
            id: bannerId(2),
            shopId: S.demo.id,
            position: 2,
            hztImage: img.banner2h,
            hztImageId: imageId(12),
            vrtImage: img.banner2v,
            vrtImageId: imageId(13),
            url: 'https://www.gob.mx/cultura',
            urlTarget: true,
            actionType: 'url',
          },
          {
            id: bannerId(3),
            shopId: S.demo.id,
            position: 3,
            hztImage: img.banner3h,
            hztImageId: imageId(14),
            vrtImage: img.banner3v,
            vrtImageId: imageId(15),
            url: '/asistentes/emprendedores',
            urlTarget: false,
            target: 'anon',
            actionType: 'url',
          },
          {
            id: bannerId(4),
            shopId: S.demo.id,
            position: 4,
            hztImage: img.banner4h,
            hztImageId: imageId(16),
            vrtImage: img.banner4v,
            vrtImageId: imageId(17),
            url: '/catalogos',
            urlTarget: false,
            target: 'ul2',
            actionType: 'url',
          },
          {
            id: bannerId(5),
            shopId: S.franchise.id,
            position: 1,
            hztImage: img.franchiseBannerH,
            hztImageId: imageId(18),
            vrtImage: img.franchiseBannerV,
            vrtImageId: imageId(19),
            url: 'https://vitrina.local/franquicias',
            actionType: 'url',
          },
        ])
        .onConflictDoNothing();

      await tx
        .insert(headers)
        .values([
          {
            id: headerId(1),
            shopId: S.demo.id,
            position: 1,
            title: 'Artesanía y café de México',
            subtitle: 'Directo de los productores',
            description: 'Piezas hechas a mano y café de altura de pequeños productores, con envío a todo el país.',
            actionType: 'url',
            url: '/productos',
            buttonLabel: 'buynow',
            initialColor: '#0f766e',
            finalColor: '#14b8a6',
          },
          {
            id: headerId(2),
            shopId: S.demo.id,
            position: 2,
            title: 'Crea tu tienda gratis',
            subtitle: 'Gana comisiones revendiendo',
            description: null,
            target: 'anon',
            actionType: 'url',
            url: '/asistentes/emprendedores',
            buttonLabel: 'signupfree',
          },
          {
            id: headerId(3),
            shopId: S.franchise.id,
            position: 1,
            title: 'Artesanías del Sol',
            subtitle: 'Franquicia oficial',
            actionType: 'product',
            product: DEMO_ITEMS[0].id,
            productSupplier: users.supplierA.id,
            buttonLabel: 'more',
          },
        ])
        .onConflictDoNothing();

      const supplierA = DEMO_ITEMS.filter((i) => i.supplier === 'supplierA').map((i) => i.id);
      const supplierB = DEMO_ITEMS.filter((i) => i.supplier === 'supplierB').map((i) => i.id);
      await this.addItems(
        tx,
        S.demo.id,
        DEMO_ITEMS.map((i) => i.id),
      );
      await this.addItems(tx, S.franchise.id, supplierA);
      await this.addItems(
        tx,
        S.reseller.id,
        DEMO_ITEMS.filter((i, n) => i.dropshipping && n % 2 === 0).map((i) => i.id),
      );
      await this.addItems(tx, S.other.id, supplierB);
      await tx.insert(shopFranchises).values({ shopId: S.demo.id, franchiseId: S.franchise.id }).onConflictDoNothing();
    });
  }

  /** The benchmark shops and which items they show; item refs from the shared plan (no catalogue events). */
  async seedBench(count: number, shopCount: number): Promise<void> {
    await this.tx.run(async (tx) => {
      for (let s = 1; s <= shopCount; s++) {
        await this.insertShop(tx, {
          id: benchShopId(s),
          slug: benchShopSlug(s),
          ownerId: benchShopOwnerId(s),
          name: `Tienda de prueba ${s}`,
          storeType: 'affiliate',
          theme: s % 2 ? '03' : '05',
          sectionsInfo: ['products', 'services', 'experiences', 'digital', 'catalogues'],
        });
      }
    });
    const batch = 1000;
    for (let start = 1; start <= count; start += batch) {
      const ids = Array.from({ length: Math.min(batch, count - start + 1) }, (_, i) => start + i);
      await this.tx.run(async (tx) => {
        await tx
          .insert(itemRefs)
          .values(
            ids.map((n) => ({
              itemId: benchItemId(n),
              ownerId: benchSupplierId(benchSupplierOfItem(n)),
              type: benchItemType(n),
              listState: 'published',
              isDropshipping: true,
              revision: 1,
            })),
          )
          .onConflictDoNothing();
        const byShop = new Map<number, string[]>();
        for (const n of ids) {
          const s = benchShopOfItem(n, shopCount);
          byShop.set(s, [...(byShop.get(s) ?? []), benchItemId(n)]);
        }
        for (const [s, itemIds] of byShop) await this.addItems(tx, benchShopId(s), itemIds);
      });
    }
  }

  private async insertShop(tx: Tx, shop: NewShop): Promise<void> {
    const [row] = await tx
      .insert(shops)
      .values({ ...shop, searchName: normaliseText(shop.name) })
      .onConflictDoNothing()
      .returning();
    if (row) await this.outbox.add(tx, shopEvents.created(row));
  }

  private async addItems(tx: Tx, shopId: string, itemIds: string[]): Promise<void> {
    if (itemIds.length === 0) return;
    const added = await tx
      .insert(shopItems)
      .values(itemIds.map((itemId) => ({ shopId, itemId })))
      .onConflictDoNothing()
      .returning({ id: shopItems.itemId });
    if (added.length === 0) return;
    await this.outbox.add(tx, {
      type: StoreEvents.itemsAdded,
      key: shopId,
      shopId,
      data: { shopId, itemIds: added.map((a) => a.id) } satisfies StoreItemsChanged,
    });
  }

  /** Logos and banner images, generated and stored in the gallery once (fixed ids), rendered in parallel. */
  private async images() {
    const demo = users.demoOwner.id;
    const a = users.supplierA.id;
    // Desktop slides 1600x491 and phone slides 1000x450 (the sizes the carousel draws), each a scene of what it sells.
    const slide = (title: string, subtitle: string, cta: string, colour: string, motifs: MotifName[]) => ({
      h: () => renderBanner({ width: 1600, height: 491, title, subtitle, cta, colour, motifs }),
      // no drawn button on phones: the whole slide is the link, and the carousel's pause control sits bottom left
      v: () => renderBanner({ width: 1000, height: 450, title, subtitle, colour, motifs: motifs.slice(0, 2) }),
    });
    const alebrijes = slide('Alebrijes pintados a mano', 'Arte de Oaxaca en tu casa', 'Ver alebrijes', '#0f766e', [
      'jar',
      'alebrije',
      'plate',
    ]);
    const coffee = slide('Café de altura', 'Tostado cada semana', 'Comprar café', '#78350f', ['coffeeBag', 'cup', 'press']);
    const signup = slide('Crea tu tienda gratis', 'Y gana comisiones', 'Empieza hoy', '#7c3aed', ['basket', 'rebozo', 'necklace']);
    const catalogues = slide('Catálogos para revender', 'Comparte y gana', 'Ver catálogos', '#1d4ed8', ['huipil', 'box', 'candle']);
    const franchise = slide('Artesanías del Sol', 'Franquicia oficial', 'Conócenos', '#b45309', ['blackJar', 'plate', 'sarape']);
    const plan = {
      demoLogo: [1, demo, S.demo.id, 'logo', () => renderLogo({ from: '#0f766e', to: '#f59e0b', initials: 'BD' })],
      franchiseLogo: [2, a, S.franchise.id, 'logo', () => renderLogo({ from: '#b45309', to: '#1e3a8a', initials: 'AS' })],
      ritaLogo: [3, users.reseller.id, S.reseller.id, 'logo', () => renderLogo({ from: '#7c3aed', to: '#db2777', initials: 'RR' })],
      olgaLogo: [4, users.otherOwner.id, S.other.id, 'logo', () => renderLogo({ from: '#78350f', to: '#f59e0b', initials: 'CO' })],
      banner1h: [10, demo, S.demo.id, 'banner-1-desktop', alebrijes.h],
      banner1v: [11, demo, S.demo.id, 'banner-1-mobile', alebrijes.v],
      banner2h: [12, demo, S.demo.id, 'banner-2-desktop', coffee.h],
      banner2v: [13, demo, S.demo.id, 'banner-2-mobile', coffee.v],
      banner3h: [14, demo, S.demo.id, 'banner-3-desktop', signup.h],
      banner3v: [15, demo, S.demo.id, 'banner-3-mobile', signup.v],
      banner4h: [16, demo, S.demo.id, 'banner-4-desktop', catalogues.h],
      banner4v: [17, demo, S.demo.id, 'banner-4-mobile', catalogues.v],
      franchiseBannerH: [18, a, S.franchise.id, 'banner-desktop', franchise.h],
      franchiseBannerV: [19, a, S.franchise.id, 'banner-mobile', franchise.v],
    } satisfies Record<string, [number, string, string, string, () => Promise<Buffer>]>;
    const entries = await Promise.all(
      Object.entries(plan).map(async ([key, [n, ownerId, mashupId, name, render]]) => {
        const id = imageId(n);
        const url =
          (await this.gallery.existingUrl(id)) ??
          (await this.gallery.importGenerated({ id, ownerId, mashupId, name, bytes: await render() }));
        return [key, url] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<keyof typeof plan, string>;
  }
}
