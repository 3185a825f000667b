import { createFileRoute, notFound } from '@tanstack/react-router';
import { isApiError } from '@/api/client';
import { currentViewerId } from '@/lib/session/current-viewer';
import { catalogueQueryOptions } from '@/features/storefront/api/get-catalogue';
import { shopBySlugQueryOptions } from '@/features/storefront/api/get-shop-by-slug';
import { CatalogueDetailPage } from '@/features/storefront/components/catalogues/catalogue-detail-page';
import { ShopPageError } from '@/features/storefront/components/pages/shop-page-error';
import { ShopPageNotFound } from '@/features/storefront/components/pages/shop-page-not-found';
import { validateCatalogueSearch } from '@/features/storefront/lib/catalogue-search';
import { catalogueOwnerRef } from '@/features/storefront/lib/shop-path';

/** spec 1 §2 /catalogos/{catalogue slug}: the catalogue detail, also its share URL. */
export const Route = createFileRoute('/tienda/$shopSlug/catalogos/$catalogueSlug')({
  validateSearch: validateCatalogueSearch,
  loader: async ({ context: { queryClient }, params: { shopSlug, catalogueSlug } }) => {
    const viewer = await currentViewerId();
    const shop = await queryClient.ensureQueryData(shopBySlugQueryOptions(shopSlug, viewer));
    try {
      await queryClient.ensureQueryData(catalogueQueryOptions(catalogueOwnerRef(shop), catalogueSlug, viewer));
    } catch (error) {
      if (isApiError(error) && error.status === 404) throw notFound();
      throw error;
    }
  },
  notFoundComponent: ShopPageNotFound,
  errorComponent: ShopPageError,
  component: CatalogueRoute,
});

function CatalogueRoute() {
  const { catalogueSlug } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <CatalogueDetailPage
      key={catalogueSlug}
      slug={catalogueSlug}
      search={Route.useSearch()}
      onSearchChange={(search) => void navigate({ search })}
    />
  );
}
