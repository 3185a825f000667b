import { Anchor, Container, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { CollaboratorsPage } from '@/features/collaborators/components/collaborators-page';
import { useCollaboratorsT } from '@/features/collaborators/i18n/texts';
import { useShopBySlug } from '@/features/storefront/api/get-shop-by-slug';
import { ShopPageNotFound } from '@/features/storefront/components/pages/shop-page-not-found';
import { ShopLink } from '@/features/storefront/components/shared/shop-link';
import { useSession } from '@/lib/session/use-session';

/**
 * Issue 16, spec 1 §2 'Shop side menu' `admin/colaboradores`: the shop's collaborators, for its owner only (a
 * collaborator never manages other collaborators); anyone else gets the shop's not-found page.
 */
export const Route = createFileRoute('/tienda/$shopSlug/admin/colaboradores')({
  component: CollaboratorsRoute,
});

function CollaboratorsRoute() {
  const { t } = useCollaboratorsT();
  const { shopSlug } = Route.useParams();
  const { data: shop } = useShopBySlug(shopSlug);
  const session = useSession();

  if (session.status === 'loading') {
    return (
      <Container size="md" w="100%" py="xl">
        <Stack>
          <Skeleton h={36} w="50%" />
          <Skeleton h={220} />
        </Stack>
      </Container>
    );
  }
  if (!session.user || session.user.id !== shop.owner || shop.is_proxy) return <ShopPageNotFound />;

  return (
    <CollaboratorsPage
      userId={session.user.id}
      backLink={
        <Anchor component={ShopLink} to="/" size="sm" w="fit-content">
          <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> {t('back')}
        </Anchor>
      }
    />
  );
}
