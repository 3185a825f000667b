import type {
  BannerJson,
  FranchiseJson,
  GalleryUploadJson,
  HeaderJson,
  LocalisedLabel,
  MenuJson,
  MenuOptionJson,
  RootAffinityStoreInfoJson,
  ShopJson,
  StoreThemeInfoJson,
} from '../../store-shop.js';
import type { StoreBanner } from './banner.js';
import type { Franchise } from './franchise.js';
import type { GalleryUpload } from './gallery.js';
import type { StoreHeader } from './header.js';
import type { ShopMenu, ShopMenuLabel, ShopMenuOption } from './menu.js';
import type { RootAffinityStoreInfo, Shop, StoreThemeInfo } from './shop.js';

/**
 * The hand-written interfaces of store-shop.ts (`ShopJson`, `BannerJson`, ...) still name these answers in the
 * web. Until they become aliases of the zod types (or go), the compiler holds them equal to the schemas: a field
 * changed on one side only fails the build here.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Check<T extends true> = T;

export type HandWrittenStoreAnswersMatch = [
  Check<Same<ShopJson, Shop>>,
  Check<Same<RootAffinityStoreInfoJson, RootAffinityStoreInfo>>,
  Check<Same<StoreThemeInfoJson, StoreThemeInfo>>,
  Check<Same<BannerJson, StoreBanner>>,
  Check<Same<HeaderJson, StoreHeader>>,
  Check<Same<FranchiseJson, Franchise>>,
  Check<Same<MenuJson, ShopMenu>>,
  Check<Same<MenuOptionJson, ShopMenuOption>>,
  Check<Same<LocalisedLabel, ShopMenuLabel>>,
  Check<Same<GalleryUploadJson, GalleryUpload>>,
];
