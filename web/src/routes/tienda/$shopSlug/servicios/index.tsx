import { createFileRoute } from '@tanstack/react-router';
import { currentViewerId } from '@/lib/session/current-viewer';
import { listingItemsParams, shopItemsQueryOptions } from '@/features/storefront/api/search-shop-items';
import { ItemListingPage } from '@/features/storefront/components/listing/item-listing-page';
import { listingPageSize, validateListingSearch } from '@/features/storefront/lib/listing-search';

/** spec 1 §2 'Listings': /servicios with a 1-based `page` and the sort. */
export const Route = createFileRoute('/tienda/$shopSlug/servicios/')({
  validateSearch: validateListingSearch,
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its skeleton grid while the items load.
  loader: ({ context: { queryClient }, params: { shopSlug }, deps }) => {
    void currentViewerId().then((viewer) =>
      queryClient.prefetchQuery(shopItemsQueryOptions(listingItemsParams(shopSlug, 'service', deps, listingPageSize('service')), viewer)),
    );
  },
  component: ServicesRoute,
});

function ServicesRoute() {
  const navigate = Route.useNavigate();
  return <ItemListingPage type="service" search={Route.useSearch()} onSearchChange={(search) => void navigate({ search })} />;
}
