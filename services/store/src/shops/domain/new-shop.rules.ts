import {
  CREATABLE_STORE_TYPES,
  SUPPLIER_STORE_TYPES,
  StoreLimits,
  isReservedShopSlug,
  type CreatableStoreType,
  type ShopSection,
  type StoreType,
  type Theme,
} from '@vitrina/contracts';
import type { FolkArt } from '@vitrina/platform';
import { slugReserved, storeTypeNotAllowed } from './shop.errors.js';

/** What a user asks for when opening a shop (issue 16 'Create a shop'). */
export interface NewShopRequest {
  name: string;
  slug: string;
  storeType: StoreType;
  /** The caller sells (dssupplier-admin): they may open a franchise of their own products. */
  isSupplier?: boolean;
  /** Who referred the user: a shop's slug or the referring user's id; an affinity store hangs from that shop if it is one. */
  referral?: string | null;
  /** The logo (a gallery URL), or none. */
  photo?: string | null;
}

/**
 * The rules the request itself decides (the database decides the rest: a taken slug, a second shop):
 * a franchise only for a supplier, of their own products (400 store_type_not_allowed otherwise); a reserved slug is
 * refused in any case (409 slug_reserved).
 */
export function checkNewShop(req: NewShopRequest): asserts req is NewShopRequest & { storeType: CreatableStoreType | 'franchise' } {
  const allowed: readonly string[] = req.isSupplier ? SUPPLIER_STORE_TYPES : CREATABLE_STORE_TYPES;
  if (!allowed.includes(req.storeType)) throw storeTypeNotAllowed(req.storeType);
  if (isReservedShopSlug(req.slug)) throw slugReserved();
}

/** The content a new shop starts from, modelled on the demo shops (demo-seeder.ts) and kept modest. */
export const NEW_SHOP_CONTENT = {
  /** spec 1 §6: the owner is the shop admin with the admin permission. */
  permissions: ['admin'],
  state: 'published',
  theme: '03' satisfies Theme,
  color1: '#0f766e',
  color2: '#f59e0b',
  columns: StoreLimits.defaultColumns,
  signupForm: 'complete',
  photoDisplay: 'bdr_cir',
  footerStyle: '3cols1col',
  /** 'catalogues' follows the owner's catalogues (catalogue.catalogue events), so it is not here. */
  sectionsInfo: ['products', 'services', 'experiences', 'digital'] satisfies ShopSection[],
  /** A welcome header (spec 1 §3 'Header'; title ≤ 30, description ≤ 130), no call to action, for every visitor. */
  welcomeHeader: {
    title: 'Bienvenidos a nuestra tienda',
    subtitle: null,
    description: 'Descubre los productos, servicios y experiencias que elegimos para ti.',
    target: 'all',
    actionType: 'none',
    initialColor: StoreLimits.defaultHeaderColor,
    finalColor: StoreLimits.defaultHeaderColor,
  },
} as const;

/**
 * The carousel a new shop starts from (issue 16 'a default theme, sections and banners to start from'): two slides
 * in the starting colours, each a desktop and a phone picture. The pictures are drawn once for the platform
 * (starter-banners.ts) and shared by every new shop; the owner replaces or deletes them like any banner. No button
 * is drawn and no link is set: a starter slide promises nothing the shop has not said. (The welcome header beside
 * them already says 'Bienvenidos'.) Changing a slide here needs new picture ids in starter-banners.ts.
 */
export const STARTER_SLIDES: ReadonlyArray<{ title: string; subtitle: string; colour: string; motifs: FolkArt.MotifName[] }> = [
  {
    title: 'Nuestra selección',
    subtitle: 'Lo que elegimos para ti',
    colour: NEW_SHOP_CONTENT.color1,
    motifs: ['basket', 'jar', 'box'],
  },
  { title: 'Hecho con cuidado', subtitle: 'Productos, servicios y experiencias', colour: '#b45309', motifs: ['candle', 'plate', 'bag'] },
];
