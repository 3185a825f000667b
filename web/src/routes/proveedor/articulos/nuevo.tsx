import { createFileRoute } from '@tanstack/react-router';
import { BackToItems } from '@/features/supplier-items/components/back-link';
import { ItemEditorPage } from '@/features/supplier-items/components/item-editor-page';
import { SupplierPage } from '../-supplier-page';

/** Issue 4: a supplier creates an item (unpublished); once created, its own page takes over. */
export const Route = createFileRoute('/proveedor/articulos/nuevo')({
  component: NewItemRoute,
});

function NewItemRoute() {
  const navigate = Route.useNavigate();
  return (
    <SupplierPage>
      {(owner) => (
        <ItemEditorPage
          owner={owner}
          backLink={<BackToItems />}
          onCreated={(item) => void navigate({ to: '/proveedor/articulos/$itemId', params: { itemId: item.id }, replace: true })}
          onDeleted={() => void navigate({ to: '/proveedor/articulos' })}
        />
      )}
    </SupplierPage>
  );
}
