import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Alert, Avatar, Box, Button, Group, LoadingOverlay, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconCopy, IconGripVertical, IconListDetails, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorCodes, type CatalogueJson } from '@vitrina/contracts';
import { useState } from 'react';
import { useShopAdminTranslation } from '@/features/shop-admin/i18n/texts';
import { isApiError } from '@/api/client';
import { deleteCatalogue, moveCatalogue, myCataloguesQueryOptions, useMyCatalogues } from '../api/catalogues';
import type { OwnerRef } from '../api/http';
import { reorderWithLock } from '../domain/reorder';
import { CatalogueFormModal } from './catalogue-form-modal';
import { CatalogueProductsModal } from './catalogue-products-modal';
import { DuplicateCatalogueModal } from './duplicate-catalogue-modal';
import { notifyError, notifySuccess, notifyWarning } from './notify';
import { useUndoableActions } from './use-undoable-actions';

interface Props {
  owner: OwnerRef;
  opened: boolean;
  onClose: () => void;
  onChanged: () => void;
}

/** spec 1 §8 'Position update failure'. */
function notifyPositionError(
  error: unknown,
  t: (key: 'catalogues.positionTryLater' | 'catalogues.positionError' | 'common.tryAgain') => string,
) {
  if (isApiError(error) && error.status === 400 && error.code === 'updating_position_error')
    notifyWarning(t('catalogues.positionTryLater'));
  else if (isApiError(error) && error.status === 400) notifyError(t('catalogues.positionError'));
  else notifyError(t('common.tryAgain'));
}

/** spec 1 §2 'My catalogues': a draggable table (name, product count, actions), new/edit form, delete with undo. */
export function MyCataloguesModal({ owner, opened, onClose, onChanged }: Props) {
  const { t } = useShopAdminTranslation();
  const client = useQueryClient();
  const catalogues = useMyCatalogues(owner);
  const [rows, setRows] = useState<CatalogueJson[]>([]);
  const [locked, setLocked] = useState(false);
  const [form, setForm] = useState<CatalogueJson | 'new' | null>(null);
  const [duplicating, setDuplicating] = useState(false);
  const [productsOf, setProductsOf] = useState<CatalogueJson | null>(null);
  /** A catalogue the server would not delete because it has products: the owner decides (spec 1 §8). */
  const [withProducts, setWithProducts] = useState<CatalogueJson | null>(null);
  const [forcing, setForcing] = useState(false);
  const deletes = useUndoableActions();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // The server's order, unless a move is in flight (the optimistic order stays until the lock ends). Adjusted while
  // rendering when the data or the lock changes, not in an effect (react.dev 'You might not need an effect').
  const [syncedFrom, setSyncedFrom] = useState<{ data: typeof catalogues.data; locked: boolean } | null>(null);
  if (syncedFrom === null || syncedFrom.data !== catalogues.data || syncedFrom.locked !== locked) {
    setSyncedFrom({ data: catalogues.data, locked });
    if (!locked && catalogues.data) setRows(catalogues.data.results);
  }

  const refresh = async () => {
    await client.invalidateQueries({ queryKey: myCataloguesQueryOptions(owner).queryKey });
    onChanged();
  };

  const onDragEnd = (event: DragEndEvent) => {
    if (locked || !event.over || event.active.id === event.over.id) return;
    const from = rows.findIndex((row) => row.id === event.active.id);
    const to = rows.findIndex((row) => row.id === event.over?.id);
    const key = myCataloguesQueryOptions(owner).queryKey;
    void reorderWithLock(rows, from, to, {
      move: (row, position) => moveCatalogue(owner, row.id, position),
      // The cached list follows the shown order, so the rows do not jump back to the old order between the end
      // of the lock and the refetch (and a failure restores both).
      setList: (list) => {
        setRows(list);
        client.setQueryData(key, (current) => (current ? { ...current, results: list } : current));
      },
      setLocked,
      onError: (error) => notifyPositionError(error, t),
    }).then((kept) => {
      if (kept) void refresh();
    });
  };

  const deleted = (row: CatalogueJson) => {
    // spec 1 §4: the list shrinks and the count drops; sections_info follows on the server.
    setRows((current) => current.filter((item) => item.id !== row.id));
    notifySuccess(t('catalogues.deleted'));
    void refresh();
  };

  // spec 1 §7/§8: the plain delete first; product_catalogue_has_products says so and offers the forced delete.
  const startDelete = (row: CatalogueJson) =>
    deletes.start(
      row.id,
      () => deleteCatalogue(owner, row.id),
      (result) => {
        if (result.cancelled) return;
        if (result.ok) deleted(row);
        else if (isApiError(result.error) && result.error.code === ErrorCodes.productCatalogueHasProducts) setWithProducts(row);
        else notifyError(t('catalogues.notDeleted'));
      },
    );

  const forceDelete = async (row: CatalogueJson) => {
    setForcing(true);
    try {
      await deleteCatalogue(owner, row.id, true);
      deleted(row);
    } catch {
      notifyError(t('catalogues.notDeleted'));
    } finally {
      setForcing(false);
      setWithProducts(null);
    }
  };

  const total = catalogues.data?.matches_estimated ?? rows.length;

  return (
    <>
      <Modal
        opened={opened && form === null && !duplicating && productsOf === null && withProducts === null}
        onClose={onClose}
        title={`${t('catalogues.title')} (${total})`}
        size="xl"
      >
        <Stack>
          <Group justify="space-between">
            <Button variant="light" leftSection={<IconCopy size={16} />} onClick={() => setDuplicating(true)}>
              {t('catalogues.duplicate')}
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setForm('new')} data-testid="catalogue-new">
              {t('catalogues.new')}
            </Button>
          </Group>
          {locked && (
            <Alert color="blue" data-testid="updating-position">
              {t('catalogues.updatingPosition')}
            </Alert>
          )}
          {catalogues.isPending ? (
            <Stack gap="xs">
              {[0, 1, 2, 3].map((key) => (
                <Skeleton key={key} h={44} />
              ))}
            </Stack>
          ) : catalogues.isError ? (
            <Alert color="red">
              {t('common.loadError')}{' '}
              <Button variant="subtle" size="xs" onClick={() => void catalogues.refetch()}>
                {t('common.retry')}
              </Button>
            </Alert>
          ) : rows.length === 0 ? (
            <Text c="dimmed">{t('catalogues.empty')}</Text>
          ) : (
            <Box pos="relative">
              <LoadingOverlay visible={locked} overlayProps={{ blur: 0, backgroundOpacity: 0.25 }} loaderProps={{ size: 'sm' }} />
              <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
                <SortableContext items={rows.map((row) => row.id)} strategy={verticalListSortingStrategy}>
                  <Table verticalSpacing="xs">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th w={36} />
                        <Table.Th>{t('catalogues.name')}</Table.Th>
                        <Table.Th w={100}>{t('catalogues.products')}</Table.Th>
                        <Table.Th w={200}>{t('catalogues.actions')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {rows.map((row) => (
                        <CatalogueRow
                          key={row.id}
                          row={row}
                          disabled={locked}
                          seconds={deletes.secondsOf(row.id)}
                          onEdit={() => setForm(row)}
                          onProducts={() => setProductsOf(row)}
                          onDelete={() => startDelete(row)}
                          onUndo={() => deletes.undo(row.id)}
                        />
                      ))}
                    </Table.Tbody>
                  </Table>
                </SortableContext>
              </DndContext>
            </Box>
          )}
        </Stack>
      </Modal>
      {form !== null && (
        <CatalogueFormModal
          owner={owner}
          catalogue={form === 'new' ? null : form}
          opened
          onClose={() => setForm(null)}
          onSaved={() => void refresh()}
        />
      )}
      {productsOf !== null && (
        <CatalogueProductsModal
          owner={owner}
          catalogue={productsOf}
          opened
          onClose={() => setProductsOf(null)}
          onChanged={() => void refresh()}
        />
      )}
      {withProducts && (
        <Modal opened onClose={() => setWithProducts(null)} title={t('catalogues.hasProducts')} data-testid="catalogue-has-products">
          <Stack>
            <Text size="sm">{t('catalogues.forceDeleteQuestion', { name: withProducts.name, count: withProducts.num_products })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setWithProducts(null)} disabled={forcing}>
                {t('common.cancel')}
              </Button>
              <Button color="red" loading={forcing} onClick={() => void forceDelete(withProducts)} data-testid="catalogue-force-delete">
                {t('catalogues.forceDelete')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
      {duplicating && <DuplicateCatalogueModal owner={owner} opened onClose={() => setDuplicating(false)} onDone={() => void refresh()} />}
    </>
  );
}

interface RowProps {
  row: CatalogueJson;
  disabled: boolean;
  seconds: number | null;
  onEdit: () => void;
  onProducts: () => void;
  onDelete: () => void;
  onUndo: () => void;
}

function CatalogueRow({ row, disabled, seconds, onEdit, onProducts, onDelete, onUndo }: RowProps) {
  const { t } = useShopAdminTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: row.id,
    disabled,
  });
  const deleting = seconds !== null;
  return (
    <Table.Tr
      ref={setNodeRef}
      data-testid="catalogue-row"
      data-catalogue-id={row.id}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : deleting ? 0.5 : 1,
        background: isDragging ? 'var(--mantine-color-gray-1)' : undefined,
      }}
    >
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="gray"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={t('catalogues.drag')}
          style={{ cursor: 'grab' }}
          data-testid="catalogue-drag"
        >
          <IconGripVertical size={16} />
        </ActionIcon>
      </Table.Td>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          {/* spec 1 §9: catalogue thumbnail 48 px. */}
          <Avatar src={row.photo} size={48} radius="sm">
            {row.name.slice(0, 2).toUpperCase()}
          </Avatar>
          <Text size="sm" lineClamp={2}>
            {row.name}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td>{row.num_products}</Table.Td>
      <Table.Td>
        {deleting ? (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="red">
              {t('catalogues.deleting', { seconds })}
            </Text>
            <Button size="xs" variant="light" onClick={onUndo} data-testid="catalogue-undo">
              {t('common.undo')}
            </Button>
          </Group>
        ) : (
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" aria-label={t('common.edit')} onClick={onEdit} disabled={disabled}>
              <IconPencil size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={t('catalogueProducts.openLabel', { name: row.name })}
              onClick={onProducts}
              disabled={disabled}
              data-testid="catalogue-products"
            >
              <IconListDetails size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('common.delete')}
              onClick={onDelete}
              disabled={disabled}
              data-testid="catalogue-delete"
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
