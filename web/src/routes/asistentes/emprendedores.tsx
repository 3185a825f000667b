import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { PlatformFrame } from '@/components/layout/platform-frame';
import type { CreatedShop } from '@/features/create-shop/api/create-shop';
import { CreateShopPage } from '@/features/create-shop/components/create-shop-page';
import { PlatformAccount } from '../-platform-account';

/**
 * spec 1 §2 and spec 2 §2 `/asistentes/emprendedores`: 'create your free store' (issue 16), a platform page linked
 * from the account menu, the register call to action and the product cards' 'Gana comisiones'. Once the shop is
 * created it opens, and its owner sees the in-place editor.
 */
export const Route = createFileRoute('/asistentes/emprendedores')({
  component: CreateShopRoute,
});

const shopHref = (slug: string) => `/tienda/${encodeURIComponent(slug)}/`;

function CreateShopRoute() {
  const navigate = useNavigate();
  const onReady = useCallback(
    (shop: CreatedShop) => void navigate({ to: '/tienda/$shopSlug/', params: { shopSlug: shop.slug } }),
    [navigate],
  );
  return (
    <PlatformFrame account={<PlatformAccount />} size="lg" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <CreateShopPage shopHref={shopHref} onReady={onReady} />
    </PlatformFrame>
  );
}
