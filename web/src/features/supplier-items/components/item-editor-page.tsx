import { Skeleton, Stack } from '@mantine/core';
import type { ItemJson } from '@vitrina/contracts';
import type { ReactNode } from 'react';
import { isApiError } from '@/api/client';
import { ErrorState } from '@/components/error-state';
import { useOwnerItem } from '../api/get-owner-item';
import type { SupplierRef } from '../api/http';
import { useSupplierT } from '../i18n/texts';
import { ItemForm } from './item-form';

interface Props {
  owner: SupplierRef;
  /** Absent: a new item. */
  itemId?: string;
  onCreated: (item: ItemJson) => void;
  onDeleted: () => void;
  backLink?: ReactNode;
}

function FormSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" data-testid="item-form-skeleton">
      <Skeleton h={32} w="40%" />
      <Skeleton h={220} />
      <Skeleton h={160} />
      <Skeleton h={160} />
    </Stack>
  );
}

function ExistingItem({ owner, itemId, ...rest }: Props & { itemId: string }) {
  const { t } = useSupplierT();
  const query = useOwnerItem(owner, itemId);
  if (query.isPending) return <FormSkeleton />;
  if (query.isError) {
    const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400 || query.error.status === 403);
    return (
      <Stack>
        {rest.backLink}
        <ErrorState
          title={missing ? t('form.notFound') : t('form.loadError')}
          {...(missing ? {} : { onRetry: () => void query.refetch() })}
        />
      </Stack>
    );
  }
  // Keyed by the item: the form starts from the item's values once and keeps the supplier's edits after.
  return <ItemForm key={query.data.id} owner={owner} item={query.data} {...rest} />;
}

/** `/proveedor/articulos/nuevo` and `/proveedor/articulos/{id}`. */
export function ItemEditorPage(props: Props) {
  if (!props.itemId)
    return <ItemForm owner={props.owner} item={null} onCreated={props.onCreated} onDeleted={props.onDeleted} backLink={props.backLink} />;
  return <ExistingItem {...props} itemId={props.itemId} />;
}
