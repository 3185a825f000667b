import { Link, useNavigate, type LinkProps } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { shopPath } from '@/features/storefront/lib/shop-path';
import { useShop } from './storefront-context';

export type ShopLinkProps = Omit<LinkProps, 'to' | 'params'> &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'children'> & {
    /** Shop-relative path: `/`, `/productos`, `/catalogos/verano`. */
    to: string;
    children?: LinkProps['children'];
  };

/**
 * A router link to a page of the current shop. The path goes through `shopPath`, so the same link works under
 * /tienda/{shopSlug}/ and on the shop's own host.
 */
export const ShopLink = forwardRef<HTMLAnchorElement, ShopLinkProps>(function ShopLink({ to, ...props }, ref) {
  const shop = useShop();
  // The path is built at run time, so it cannot be one of the route tree's literal types; the router still
  // matches it against the real routes (and preloads them on intent).
  const target = shopPath(shop.slug, to) as '/';
  return <Link ref={ref} to={target} preload="intent" {...(props as Omit<LinkProps, 'to'>)} />;
});

/** The shop-relative path helper bound to the current shop (for navigate() and hrefs). */
export function useShopPath(): (path?: string) => string {
  const shop = useShop();
  return (path = '/') => shopPath(shop.slug, path);
}

/** navigate() to a page of the current shop: `go('/productos', { page: 2 })`. */
export function useShopNavigate(): (path: string, search?: Record<string, unknown>) => Promise<void> {
  const shop = useShop();
  const navigate = useNavigate();
  return (path, search) => navigate({ to: shopPath(shop.slug, path) as '/', ...(search ? { search: search as never } : {}) });
}
