import { createFileRoute } from '@tanstack/react-router';
import { AccountHeader } from '@/features/account-menu/components/account-header';
import { parseSupplierItemsSearch } from '@/features/supplier-items/domain/list-search';
import { SupplierFrame } from '@/features/supplier-items/components/supplier-frame';
import { SupplierGate } from '@/features/supplier-items/components/supplier-gate';
import { SupplierItemsPage } from '@/features/supplier-items/components/supplier-items-page';

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
    <SupplierFrame account={<AccountHeader shopPath="/" />}>
      <SupplierGate>
        {(owner) => (
          <SupplierItemsPage
            owner={owner}
            search={search}
            // Typing refines the current entry; a tab, state or page is a step back can undo.
            onSearchChange={(next) => void navigate({ search: next, replace: next.q !== search.q })}
          />
        )}
      </SupplierGate>
    </SupplierFrame>
  );
}
