import type { HeaderButtonLabel, ShopJson } from '@vitrina/contracts';
import { createContext, use, type ReactNode } from 'react';
import { ANONYMOUS_VIEWER, type Viewer } from '@/features/storefront/lib/viewer';

/**
 * What other features plug into the storefront. The shop route fills these with the accounts feature's
 * components; the storefront never imports another feature.
 */
export interface StorefrontSlots {
  /** SLOT (accounts): log-in/sign-up buttons, or alerts + avatar, in the header bar. */
  account?: ReactNode;
  /** SLOT (accounts): the register call to action of the header block and signup banners (level 0 only). */
  register?: (props: { label: HeaderButtonLabel }) => ReactNode;
  /** SLOT (shop admin): the owner's tools, a strip above the shop in the page's flow (it covers nothing). */
  owner?: ReactNode;
  /** Whether the viewer sells already (the supplier keychain): then the supplier-invitation banner is not shown. */
  viewerIsSupplier?: boolean;
}

/**
 * The shop as get-shop-by-slug maps it (its `Shop` is this contract type). Named from the contract, not from that
 * module: it reads the viewer from this context, and importing it back would make an import cycle.
 */
type Shop = ShopJson;

interface StorefrontValue {
  shop: Shop;
  viewer: Viewer;
  slots: StorefrontSlots;
}

const StorefrontContext = createContext<StorefrontValue | null>(null);

/** The shop being shown, who is looking at it and the plugged-in slots, for every component of the shop. */
export function StorefrontProvider({ shop, viewer, slots, children }: StorefrontValue & { children: ReactNode }) {
  return <StorefrontContext value={{ shop, viewer, slots }}>{children}</StorefrontContext>;
}

function useStorefront(): StorefrontValue {
  const value = use(StorefrontContext);
  if (!value) throw new Error('storefront hooks must be used inside <StorefrontProvider>');
  return value;
}

export function useShop(): Shop {
  return useStorefront().shop;
}

export function useViewer(): Viewer {
  return use(StorefrontContext)?.viewer ?? ANONYMOUS_VIEWER;
}

export function useSlots(): StorefrontSlots {
  return use(StorefrontContext)?.slots ?? {};
}

/** True when the signed-in viewer owns the shop (spec 1 §6 'Shop admin/owner'). */
export function useIsShopOwner(): boolean {
  const { shop, viewer } = useStorefront();
  return shop.user_info.is_owner || (viewer.userId !== null && viewer.userId === shop.owner);
}
