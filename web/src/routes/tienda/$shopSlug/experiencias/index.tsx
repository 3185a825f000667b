import { createFileRoute } from '@tanstack/react-router';
import { currentViewerId } from '@/lib/session/current-viewer';
import { listingItemsParams, shopItemsQueryOptions } from '@/features/storefront/api/search-shop-items';
import { ItemListingPage } from '@/features/storefront/components/listing/item-listing-page';
import { listingPageSize, validateListingSearch } from '@/features/storefront/lib/listing-search';

/** spec 1 §2 'Listings': /experiencias with a 1-based `page` and the sort. */
export const Route = createFileRoute('/tienda/$shopSlug/experiencias/')({
  validateSearch: validateListingSearch,
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its skeleton grid while the items load.
  loader: ({ context: { queryClient }, params: { shopSlug }, deps }) => {
    void currentViewerId().then((viewer) =>
      queryClient.prefetchQuery(
        shopItemsQueryOptions(listingItemsParams(shopSlug, 'experience', deps, listingPageSize('experience')), viewer),
      ),
    );
  },
  component: ExperiencesRoute,
});

function ExperiencesRoute() {
  const navigate = Route.useNavigate();
  return <ItemListingPage type="experience" search={Route.useSearch()} onSearchChange={(search) => void navigate({ search })} />;
}
