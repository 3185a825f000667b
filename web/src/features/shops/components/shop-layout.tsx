import { Box, Divider, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { SiteFooter } from '@/components/layout/site-footer';
import { useShopBySlug } from '@/features/shops/api/get-shop-by-slug';
import { ShopHeader } from './shop-header';

/**
 * The frame of every shop page (spec 1 §2 'Shop home'): header, content, footer.
 * Banners, breadcrumbs, the floating chat button and the themed footer slot in here later.
 */
export function ShopLayout({ slug, children }: { slug: string; children: ReactNode }) {
  const { data: shop } = useShopBySlug(slug);
  return (
    <Stack mih="100dvh" gap={0}>
      <ShopHeader shop={shop} />
      <Box component="main" flex={1} display="flex" style={{ flexDirection: 'column' }}>
        {children}
      </Box>
      <Divider />
      <SiteFooter withThemeToggle={shop.darkmode === true && shop.hidden_darkmode !== true} />
    </Stack>
  );
}
