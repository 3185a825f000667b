import { createFileRoute } from '@tanstack/react-router';
import { CataloguesPage } from '@/features/storefront/components/catalogues/catalogues-page';
import { validateCatalogueSearch } from '@/features/storefront/lib/catalogue-search';

/** spec 1 §2 /catalogos: the shop's published catalogues. */
export const Route = createFileRoute('/tienda/$shopSlug/catalogos/')({
  validateSearch: validateCatalogueSearch,
  component: CataloguesRoute,
});

function CataloguesRoute() {
  const navigate = Route.useNavigate();
  return <CataloguesPage search={Route.useSearch()} onSearchChange={(search) => void navigate({ search })} />;
}
