import { createFileRoute } from '@tanstack/react-router';
import { AccountHeader } from '@/features/account-menu/components/account-header';
import { BackToItems } from '@/features/supplier-items/components/back-link';
import { ItemEditorPage } from '@/features/supplier-items/components/item-editor-page';
import { SupplierFrame } from '@/features/supplier-items/components/supplier-frame';
import { SupplierGate } from '@/features/supplier-items/components/supplier-gate';

/** Issue 4: a supplier creates an item (unpublished); once created, its own page takes over. */
export const Route = createFileRoute('/proveedor/articulos/nuevo')({
  component: NewItemRoute,
});

function NewItemRoute() {
  const navigate = Route.useNavigate();
  return (
    <SupplierFrame account={<AccountHeader shopPath="/" />}>
      <SupplierGate>
        {(owner) => (
          <ItemEditorPage
            owner={owner}
            backLink={<BackToItems />}
            onCreated={(item) => void navigate({ to: '/proveedor/articulos/$itemId', params: { itemId: item.id }, replace: true })}
            onDeleted={() => void navigate({ to: '/proveedor/articulos' })}
          />
        )}
      </SupplierGate>
    </SupplierFrame>
  );
}
