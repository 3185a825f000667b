import { createFileRoute } from '@tanstack/react-router';
import { useSession } from '@/lib/session/use-session';
import { useUndoableActions } from '@/features/shop-admin/components/use-undoable-actions';
import { FranchisesPage } from '@/features/storefront/components/pages/franchises-page';
import { validateCatalogueSearch } from '@/features/storefront/lib/catalogue-search';

/**
 * spec 1 §2 shop menu target /franquicias, spec 1 §6: the shop's admin sees the admin franchise list (remove with
 * the shop-admin's 5 s undo countdown), everybody else the franchises the shop shows (page and search text in the URL).
 */
export const Route = createFileRoute('/tienda/$shopSlug/franquicias')({
  validateSearch: validateCatalogueSearch,
  component: FranchisesRoute,
});

function FranchisesRoute() {
  const navigate = Route.useNavigate();
  const search = Route.useSearch();
  const session = useSession();
  // Leaving the page cancels removals still inside their undo window (nothing is deleted behind the owner's back).
  const removals = useUndoableActions();
  return (
    <FranchisesPage
      key={search.text ?? ''}
      search={search}
      onSearchChange={(next) => void navigate({ search: next })}
      accountType={session.accountType}
      removals={removals}
    />
  );
}
