import { createFileRoute } from '@tanstack/react-router';
import { SearchResultsPage } from '@/features/storefront/components/search/search-results-page';
import { validateSearchPageSearch } from '@/features/storefront/lib/listing-search';

/** The search results page: /buscar?text=...&type=... (spec 1 §2 'Search'). */
export const Route = createFileRoute('/tienda/$shopSlug/buscar')({
  validateSearch: validateSearchPageSearch,
  component: SearchRoute,
});

function SearchRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SearchResultsPage key={search.text ?? ''} search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
