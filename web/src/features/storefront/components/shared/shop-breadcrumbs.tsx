import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { shopRelativePath } from '@/features/storefront/lib/shop-path';
import { ShopLink } from './shop-link';
import { useShop } from './storefront-context';

export interface Crumb {
  label: string;
  /** Shop-relative path; the last crumb (the current page) has none. */
  to?: string;
}

/** spec 1 §2: an admin path is excluded from breadcrumbs. */
export function isAdminPath(relativePath: string): boolean {
  return relativePath === '/admin' || relativePath.startsWith('/admin/') || relativePath.includes('/admin/');
}

/** Breadcrumbs of a shop page: the shop home first, then the given trail. Pages that hide them just omit this. */
export function ShopBreadcrumbs({ items }: { items: Crumb[] }) {
  const { t } = useTranslation('storefront');
  const shop = useShop();
  const pathname = useLocation({ select: (location) => location.pathname });
  if (isAdminPath(shopRelativePath(pathname, shop.slug))) return null;
  const trail: Crumb[] = [{ label: shop.name, to: '/' }, ...items];
  return (
    <nav aria-label={t('breadcrumbs')}>
      <Breadcrumbs separatorMargin={6} styles={{ root: { flexWrap: 'wrap', rowGap: 4 } }}>
        {trail.map((crumb, index) =>
          crumb.to !== undefined && index < trail.length - 1 ? (
            <Anchor key={index} component={ShopLink} to={crumb.to} size="sm">
              {crumb.label}
            </Anchor>
          ) : (
            <Text key={index} size="sm" c="dimmed" aria-current="page" lineClamp={1} maw={320}>
              {crumb.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
