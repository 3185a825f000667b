import { createFileRoute } from '@tanstack/react-router';
import { FranchisesPage } from '@/features/storefront/components/pages/franchises-page';
import { validateCatalogueSearch } from '@/features/storefront/lib/catalogue-search';

/** spec 1 §2 shop menu target /franquicias: the published franchises (page and search text in the URL). */
export const Route = createFileRoute('/tienda/$shopSlug/franquicias')({
  validateSearch: validateCatalogueSearch,
  component: FranchisesRoute,
});

function FranchisesRoute() {
  const navigate = Route.useNavigate();
  const search = Route.useSearch();
  return <FranchisesPage key={search.text ?? ''} search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
