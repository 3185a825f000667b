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
/** `?nueva=1`: back from the 'create store now' sign-up (spec 2 §2): the shop is created without the form. */
const INSTANT_NEXT = '/asistentes/emprendedores?nueva=1';

export const Route = createFileRoute('/asistentes/emprendedores')({
  validateSearch: (search: Record<string, unknown>): { nueva?: 1 } => (search.nueva === 1 || search.nueva === '1' ? { nueva: 1 } : {}),
  component: CreateShopRoute,
});

const shopHref = (slug: string) => `/tienda/${encodeURIComponent(slug)}/`;

function CreateShopRoute() {
  const navigate = useNavigate();
  const { nueva } = Route.useSearch();
  const onReady = useCallback(
    (shop: CreatedShop) => void navigate({ to: '/tienda/$shopSlug/', params: { shopSlug: shop.slug } }),
    [navigate],
  );
  return (
    <PlatformFrame account={<PlatformAccount />} size="lg" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <CreateShopPage shopHref={shopHref} onReady={onReady} instant={nueva === 1} instantNext={INSTANT_NEXT} />
    </PlatformFrame>
  );
}
