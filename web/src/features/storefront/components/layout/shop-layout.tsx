import type { CSSProperties, ReactNode } from 'react';
import { useShopBySlug } from '@/features/storefront/api/get-shop-by-slug';
import type { Viewer } from '@/features/storefront/lib/viewer';
import { useShopPageHead } from '@/features/storefront/lib/use-shop-page-head';
import { useForceColorScheme } from '@/theme/forced-color-scheme';
import { StorefrontProvider, type StorefrontSlots } from '@/features/storefront/components/shared/storefront-context';
import { AffinityTopBar } from './affinity-top-bar';
import { CatalogueStrip } from './catalogue-strip';
import { ChatButton } from './chat-button';
import { DisabledSupplierBanner } from './disabled-supplier-banner';
import { SupplierInviteBanner } from './supplier-invite-banner';
import { ShopFooter } from './shop-footer';
import { ShopHeader } from './shop-header';
import classes from './shop-layout.module.css';

interface ShopLayoutProps {
  slug: string;
  viewer: Viewer;
  slots?: StorefrontSlots;
  children: ReactNode;
}

/** A background is a colour (`#fff`, `rgb(...)`, a name) or an image URL. */
function backgroundOf(bgcolor: string | null): string | undefined {
  if (!bgcolor) return undefined;
  if (/^(https?:)?\/\//.test(bgcolor) || bgcolor.startsWith('/')) return `url("${encodeURI(bgcolor)}") center / cover`;
  return /^[#a-z0-9(),.%\s-]+$/i.test(bgcolor) ? bgcolor : undefined;
}

/**
 * The frame of every shop page, in the order of spec 1 §2 'Shop home': disabled-supplier banner, affinity top
 * bar, header bar, catalogue selector strip, the page (carousel, breadcrumbs and content are the page's),
 * footer and the floating chat button.
 */
export function ShopLayout({ slug, viewer, slots = {}, children }: ShopLayoutProps) {
  const { data: shop } = useShopBySlug(slug, viewer.userId);
  const theme = shop.store_theme_info.theme;
  // spec 1 §2: the dark/light toggle only when the shop allows dark mode; otherwise the shop is always light.
  const darkAllowed = shop.darkmode && !shop.hidden_darkmode;
  useForceColorScheme(darkAllowed ? undefined : 'light');
  // Title, description, canonical and Open Graph of the page on screen, kept on navigation (issue 10 §3).
  useShopPageHead(shop, viewer.userId);

  const background = backgroundOf(shop.bgcolor);
  const style = {
    ...(shop.store_theme_info.color1 ? { '--shop-color1': shop.store_theme_info.color1 } : {}),
    ...(shop.store_theme_info.color2 ? { '--shop-color2': shop.store_theme_info.color2 } : {}),
    ...(background ? { '--shop-bg': background } : {}),
  } as CSSProperties;

  return (
    <StorefrontProvider shop={shop} viewer={viewer} slots={slots}>
      {slots.owner}
      <div className={classes.shop} data-theme={theme} data-bg={background ? '' : undefined} style={style}>
        {shop.dssupplier_banner && <DisabledSupplierBanner />}
        {shop.root_affinity_store_info && !shop.hidden_affinity_xheader && <AffinityTopBar info={shop.root_affinity_store_info} />}
        <ShopHeader />
        {!shop.hidden_search_bar && <CatalogueStrip />}
        <main className={classes.main} id="contenido">
          {children}
        </main>
        {!slots.viewerIsSupplier && shop.store_type !== 'franchise' && (
          <SupplierInviteBanner shopName={shop.name} card={shop.supplier_card} />
        )}
        <ShopFooter withThemeToggle={darkAllowed} />
        <ChatButton />
      </div>
    </StorefrontProvider>
  );
}
