import { createFileRoute } from '@tanstack/react-router';
import { BackToItems } from '@/features/supplier-items/components/back-link';
import { ItemEditorPage } from '@/features/supplier-items/components/item-editor-page';
import { SupplierPage } from '../-supplier-page';

/** Issue 4: a supplier edits, publishes, unpublishes or deletes one of their items. */
export const Route = createFileRoute('/proveedor/articulos/$itemId')({
  component: EditItemRoute,
});

function EditItemRoute() {
  const { itemId } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <SupplierPage>
      {(owner) => (
        <ItemEditorPage
          key={itemId}
          owner={owner}
          itemId={itemId}
          backLink={<BackToItems />}
          onCreated={() => undefined}
          onDeleted={() => void navigate({ to: '/proveedor/articulos', replace: true })}
        />
      )}
    </SupplierPage>
  );
}
