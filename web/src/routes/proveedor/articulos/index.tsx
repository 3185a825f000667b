import { createFileRoute } from '@tanstack/react-router';
import { parseSupplierItemsSearch } from '@/features/supplier-items/domain/list-search';
import { SupplierItemsPage } from '@/features/supplier-items/components/supplier-items-page';
import { SupplierPage } from '../-supplier-page';

/**
 * Issue 4: the signed-in supplier's items (`?type=&state=&q=&page=`). A platform page, not a shop page: a
 * supplier need not own a shop. The component is its own chunk (the router plugin's code splitting).
 */
export const Route = createFileRoute('/proveedor/articulos/')({
  validateSearch: parseSupplierItemsSearch,
  component: SupplierItemsRoute,
});

function SupplierItemsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SupplierPage>
      {(owner) => (
        <SupplierItemsPage
          owner={owner}
          search={search}
          // Typing refines the current entry; a tab, state or page is a step back can undo.
          onSearchChange={(next) => void navigate({ search: next, replace: next.q !== search.q })}
        />
      )}
    </SupplierPage>
  );
}
