import { Anchor, Container, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useShopAdminTranslation } from '@/features/shop-admin/i18n/texts';
import { useSession } from '@/lib/session/use-session';
import ShopSettingsPage from '@/features/shop-admin/components/shop-settings-page';
import { useShopBySlug } from '@/features/storefront/api/get-shop-by-slug';
import { ShopPageNotFound } from '@/features/storefront/components/pages/shop-page-not-found';
import { ShopLink } from '@/features/storefront/components/shared/shop-link';
import { SHOPS_BASE } from '@/features/storefront/lib/shop-path';

interface SettingsSearch {
  showCustomShopToggle?: boolean;
}

/**
 * spec 1 §2 `admin/configuracion` (also `?showCustomShopToggle=true`): the shop's contact and settings, for its
 * owner with the admin permission only; anyone else gets the shop's not-found page. The page itself is a
 * separate chunk (the router's code splitting), so the shop home never downloads it.
 */
export const Route = createFileRoute('/tienda/$shopSlug/admin/configuracion')({
  validateSearch: (search: Record<string, unknown>): SettingsSearch =>
    search['showCustomShopToggle'] === true || search['showCustomShopToggle'] === 'true' ? { showCustomShopToggle: true } : {},
  component: ShopSettingsRoute,
});

function ShopSettingsRoute() {
  const { t } = useShopAdminTranslation();
  const { shopSlug } = Route.useParams();
  const { showCustomShopToggle } = Route.useSearch();
  const { data: shop } = useShopBySlug(shopSlug);
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  if (session.status === 'loading') {
    return (
      <Container size="md" w="100%" py="xl">
        <Stack>
          <Skeleton h={36} w="50%" />
          <Skeleton h={220} />
          <Skeleton h={220} />
        </Stack>
      </Container>
    );
  }
  // spec 1 §6: the settings are for the shop's owner with the admin permission.
  if (!session.user || session.user.id !== shop.owner || !shop.permissions.includes('admin')) return <ShopPageNotFound />;

  return (
    <ShopSettingsPage
      key={shop.id}
      shop={shop}
      owner={{
        ownerId: session.user.id,
        accountType: session.accountType ?? (shop.store_type === 'franchise' ? 'franchise' : 'affiliate'),
      }}
      showCustomShopToggle={showCustomShopToggle === true}
      shopUrlPrefix={`${typeof window === 'undefined' ? '' : window.location.origin}${SHOPS_BASE}/`}
      backLink={
        <Anchor component={ShopLink} to="/" size="sm" w="fit-content">
          <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> {t('settings.back')}
        </Anchor>
      }
      onSaved={(saved, previous) => {
        const refresh = () => void queryClient.invalidateQueries({ queryKey: ['storefront'] });
        // A new slug is a new address: go on editing there (the old address no longer finds the shop).
        if (saved.slug !== previous.slug) {
          void navigate({
            to: '/tienda/$shopSlug/admin/configuracion',
            params: { shopSlug: saved.slug },
            search: (current) => current,
            replace: true,
          }).then(refresh);
        } else refresh();
      }}
    />
  );
}
