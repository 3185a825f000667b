import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  Alert,
  Avatar,
  Box,
  Button,
  Checkbox,
  Group,
  LoadingOverlay,
  Modal,
  ScrollArea,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPhoto, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { ITEM_TYPES, type CatalogueJson, type ItemJson, type ItemType } from '@vitrina/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useShopAdminTranslation } from '@/features/shop-admin/i18n/texts';
import { isApiError } from '@/api/client';
import {
  addProductsToCatalogue,
  catalogueProductsQueryOptions,
  moveProductInCatalogue,
  removeProductFromCatalogue,
  useCatalogueProducts,
  useShopItems,
} from '../api/catalogue-products';
import type { OwnerRef } from '../api/http';
import { useOwnerShopRef } from '../api/owner-shop';
import { moveInList } from '../domain/reorder';
import { notifyError, notifySuccess, notifyWarning, WARNING_MS } from './notify';
import { useUndoableActions } from './use-undoable-actions';

/** spec 1 §4: after a product position move, a blocking overlay for 8 s, then the list is read again. */
export const PRODUCT_MOVE_OVERLAY_MS = 8_000;
/** spec 1 §9: type-ahead debounce 400 ms. */
const DEBOUNCE_MS = 400;

interface Props {
  owner: OwnerRef;
  catalogue: CatalogueJson;
  opened: boolean;
  onClose: () => void;
  /** A product was added, removed or moved (the catalogue list's counts and the storefront follow). */
  onChanged: () => void;
}

/**
 * The products of one of the owner's catalogues (spec 1 §2 'My catalogues', §4, §7): the list in the owner's
 * order, reorder by dragging or with the arrows (the `move` call), remove with the 5 s undo, and 'Agregar
 * productos' choosing among the shop's items (`add_filtered` with their ids).
 */
export function CatalogueProductsModal({ owner, catalogue, opened, onClose, onChanged }: Props) {
  const { t } = useShopAdminTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [inCatalogue, setInCatalogue] = useState<Set<string>>(new Set());

  const refresh = () => void client.invalidateQueries({ queryKey: catalogueProductsQueryOptions(owner, catalogue.id).queryKey });

  return (
    <Modal opened={opened} onClose={onClose} title={t('catalogueProducts.title', { name: catalogue.name })} size="xl" fullScreen={phone}>
      {adding ? (
        <AddToCatalogue
          owner={owner}
          catalogue={catalogue}
          inCatalogue={inCatalogue}
          onDone={(added) => {
            setAdding(false);
            if (added) {
              refresh();
              onChanged();
            }
          }}
        />
      ) : (
        <ProductList owner={owner} catalogue={catalogue} onAdd={() => setAdding(true)} onLoaded={setInCatalogue} onChanged={onChanged} />
      )}
    </Modal>
  );
}

/** spec 1 §8 'Catalogue products': move failed, or try again later while the ordering finishes. */
function notifyMoveError(error: unknown, t: (key: 'catalogueProducts.moveTryLater' | 'catalogueProducts.moveError') => string) {
  if (isApiError(error) && error.status === 400 && error.code === 'updating_position_error')
    notifyWarning(t('catalogueProducts.moveTryLater'));
  else notifyError(t('catalogueProducts.moveError'));
}

function ProductList({
  owner,
  catalogue,
  onAdd,
  onLoaded,
  onChanged,
}: {
  owner: OwnerRef;
  catalogue: CatalogueJson;
  onAdd: () => void;
  onLoaded: (ids: Set<string>) => void;
  onChanged: () => void;
}) {
  const { t } = useShopAdminTranslation();
  const client = useQueryClient();
  const products = useCatalogueProducts(owner, catalogue.id);
  const [rows, setRows] = useState<ItemJson[]>([]);
  const [locked, setLocked] = useState(false);
  const [gone, setGone] = useState<Set<string>>(new Set());
  const removals = useUndoableActions();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const loaded = useMemo(() => products.data?.pages.flatMap((page) => page.results) ?? [], [products.data]);
  // The server's order, unless a move is in flight (the optimistic order stays until the overlay ends). Adjusted
  // while rendering when one of its inputs changes, not in an effect (react.dev 'You might not need an effect').
  const [syncedFrom, setSyncedFrom] = useState<{ loaded: typeof loaded; gone: Set<string>; locked: boolean } | null>(null);
  if (syncedFrom === null || syncedFrom.loaded !== loaded || syncedFrom.gone !== gone || syncedFrom.locked !== locked) {
    setSyncedFrom({ loaded, gone, locked });
    if (!locked) setRows(loaded.filter((item) => !gone.has(item.id)));
  }
  useEffect(() => onLoaded(new Set(loaded.map((item) => item.id))), [loaded, onLoaded]);

  // Removed products still in the loaded pages are not counted (a later read no longer has them).
  const total = Math.max(
    0,
    (products.data?.pages[0]?.matches_estimated ?? rows.length) - loaded.filter((item) => gone.has(item.id)).length,
  );

  const move = async (from: number, to: number) => {
    if (locked || from === to || from < 0 || to < 0 || from >= rows.length || to >= rows.length) return;
    const previous = rows;
    const item = rows[from]!;
    setRows(moveInList(rows, from, to));
    setLocked(true);
    try {
      await moveProductInCatalogue(owner, catalogue.id, item.id, to + 1);
    } catch (error) {
      setRows(previous);
      setLocked(false);
      notifyMoveError(error, t);
      return;
    }
    onChanged();
    await new Promise((resolve) => setTimeout(resolve, PRODUCT_MOVE_OVERLAY_MS));
    await client.invalidateQueries({ queryKey: catalogueProductsQueryOptions(owner, catalogue.id).queryKey });
    setLocked(false);
  };

  const onDragEnd = (event: DragEndEvent) => {
    if (!event.over || event.active.id === event.over.id) return;
    const from = rows.findIndex((row) => row.id === event.active.id);
    const to = rows.findIndex((row) => row.id === event.over?.id);
    void move(from, to);
  };

  const remove = (item: ItemJson) => {
    // spec 1 §4: removing from a catalogue waits 5 s, with a cancel button in a warning notice (4 s).
    const noticeId = `catalogue-remove-${item.id}`;
    notifications.show({
      id: noticeId,
      color: 'yellow',
      autoClose: WARNING_MS,
      message: (
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text size="sm">{t('catalogueProducts.removeWarning', { name: item.name })}</Text>
          <Button
            size="compact-xs"
            variant="light"
            style={{ flex: 'none' }}
            onClick={() => {
              removals.undo(item.id);
              notifications.hide(noticeId);
            }}
          >
            {t('common.cancel')}
          </Button>
        </Group>
      ),
    });
    removals.start(
      item.id,
      () => removeProductFromCatalogue(owner, catalogue.id, item.id),
      (result) => {
        notifications.hide(noticeId);
        if (result.cancelled) return;
        if (result.ok) {
          setGone((current) => new Set(current).add(item.id));
          notifySuccess(t('catalogueProducts.removed'));
          onChanged();
        } else {
          // spec 1 §8: 'Ocurrio un error al borrar el producto del catálogo'.
          notifyError(t('catalogueProducts.removeError'), t('common.error'));
        }
      },
    );
  };

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed" data-testid="catalogue-products-count">
          {t('catalogueProducts.count', { count: total })}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={onAdd} disabled={locked} data-testid="catalogue-products-add">
          {t('catalogueProducts.add')}
        </Button>
      </Group>
      {locked && (
        <Alert color="blue" data-testid="catalogue-products-ordering">
          {t('catalogueProducts.ordering')}
        </Alert>
      )}
      {products.isPending ? (
        <Stack gap="xs">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} h={52} />
          ))}
        </Stack>
      ) : products.isError ? (
        <Alert color="red">
          {t('common.loadError')}{' '}
          <Button variant="subtle" size="xs" onClick={() => void products.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('catalogueProducts.empty')}</Text>
      ) : (
        <Box pos="relative">
          <LoadingOverlay visible={locked} overlayProps={{ blur: 0, backgroundOpacity: 0.25 }} loaderProps={{ size: 'sm' }} />
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <SortableContext items={rows.map((row) => row.id)} strategy={verticalListSortingStrategy}>
              <Table verticalSpacing="xs" aria-label={t('catalogueProducts.listLabel')}>
                <Table.Tbody>
                  {rows.map((item, index) => (
                    <ProductRow
                      key={item.id}
                      item={item}
                      first={index === 0}
                      last={index === rows.length - 1}
                      disabled={locked}
                      seconds={removals.secondsOf(item.id)}
                      onUp={() => void move(index, index - 1)}
                      onDown={() => void move(index, index + 1)}
                      onRemove={() => remove(item)}
                      onUndo={() => removals.undo(item.id)}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </SortableContext>
          </DndContext>
        </Box>
      )}
      {products.hasNextPage && (
        <Button variant="subtle" onClick={() => void products.fetchNextPage()} loading={products.isFetchingNextPage} disabled={locked}>
          {t('picker.loadMore')}
        </Button>
      )}
    </Stack>
  );
}

interface RowProps {
  item: ItemJson;
  first: boolean;
  last: boolean;
  disabled: boolean;
  seconds: number | null;
  onUp: () => void;
  onDown: () => void;
  onRemove: () => void;
  onUndo: () => void;
}

function ProductRow({ item, first, last, disabled, seconds, onUp, onDown, onRemove, onUndo }: RowProps) {
  const { t } = useShopAdminTranslation();
  const removing = seconds !== null;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    disabled: disabled || removing,
  });
  return (
    <Table.Tr
      ref={setNodeRef}
      data-testid="catalogue-product-row"
      data-product-id={item.id}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : removing ? 0.5 : 1 }}
    >
      <Table.Td w={36} px={4}>
        <ActionIcon
          variant="subtle"
          color="gray"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={t('catalogues.drag')}
          style={{ cursor: 'grab' }}
        >
          <IconGripVertical size={16} />
        </ActionIcon>
      </Table.Td>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          {/* spec 1 §9: thumbnails 60x60 in places like this. */}
          <Avatar src={item.photos[0] ?? null} size={48} radius="sm" alt="">
            <IconPhoto size={20} aria-hidden />
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Text size="sm" lineClamp={2}>
              {item.name}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={1}>
              {item.owner_name}
            </Text>
          </div>
        </Group>
      </Table.Td>
      <Table.Td w={1} style={{ whiteSpace: 'nowrap' }}>
        {removing ? (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="red">
              {t('catalogueProducts.removing', { seconds })}
            </Text>
            <Button size="xs" variant="light" onClick={onUndo} data-testid="catalogue-product-undo">
              {t('common.undo')}
            </Button>
          </Group>
        ) : (
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={t('catalogueProducts.moveUp', { name: item.name })}
              onClick={onUp}
              disabled={disabled || first}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={t('catalogueProducts.moveDown', { name: item.name })}
              onClick={onDown}
              disabled={disabled || last}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('catalogueProducts.remove', { name: item.name })}
              onClick={onRemove}
              disabled={disabled}
              data-testid="catalogue-product-remove"
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function AddToCatalogue({
  owner,
  catalogue,
  inCatalogue,
  onDone,
}: {
  owner: OwnerRef;
  catalogue: CatalogueJson;
  inCatalogue: Set<string>;
  onDone: (added: boolean) => void;
}) {
  const { t } = useShopAdminTranslation();
  const shop = useOwnerShopRef(owner);
  const [type, setType] = useState<ItemType>('product');
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, DEBOUNCE_MS);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const items = useShopItems(shop, { type, text: debounced });
  const list = items.data?.pages.flatMap((page) => page.results) ?? [];

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const submit = async () => {
    if (selected.size === 0) return;
    setBusy(true);
    try {
      const result = await addProductsToCatalogue(owner, catalogue.id, [...selected]);
      // spec 1 §8 'Catalogue products': 'Los productos han sido agregado al catálogo'.
      if (result.added.length > 0) notifySuccess(t('catalogues.addedToCatalogue'));
      else notifyWarning(t('catalogueProducts.noneAdded'));
      onDone(result.added.length > 0);
    } catch {
      notifyError(t('catalogues.addError'), t('common.error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <Text fw={600}>{t('catalogues.addProducts')}</Text>
      <ScrollArea type="auto" offsetScrollbars>
        <SegmentedControl
          value={type}
          onChange={(value) => {
            setType(value);
            setSelected(new Set());
          }}
          data={ITEM_TYPES.map((value) => ({ value, label: t(`picker.tabs.${value}`) }))}
          aria-label={t('catalogueProducts.type')}
        />
      </ScrollArea>
      <TextInput
        leftSection={<IconSearch size={16} aria-hidden />}
        placeholder={t('catalogueProducts.search')}
        aria-label={t('catalogueProducts.search')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        data-testid="catalogue-add-search"
      />
      {items.isPending ? (
        <Stack gap="xs">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} h={48} />
          ))}
        </Stack>
      ) : items.isError ? (
        <Alert color="red">
          {t('common.loadError')}{' '}
          <Button variant="subtle" size="xs" onClick={() => void items.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : list.length === 0 ? (
        <Text c="dimmed">{t('picker.empty')}</Text>
      ) : (
        <Stack gap={4} role="group" aria-label={t('catalogueProducts.choose')}>
          {list.map((item) => {
            const already = inCatalogue.has(item.id);
            return (
              <Group key={item.id} gap="sm" wrap="nowrap" py={4} data-testid="catalogue-add-item">
                <Checkbox
                  checked={already || selected.has(item.id)}
                  disabled={already || busy}
                  onChange={(event) => toggle(item.id, event.currentTarget.checked)}
                  aria-label={item.name}
                />
                <Avatar src={item.photos[0] ?? null} size={40} radius="sm" alt="">
                  <IconPhoto size={18} aria-hidden />
                </Avatar>
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" lineClamp={1}>
                    {item.name}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {already ? t('catalogueProducts.inCatalogue') : item.owner_name}
                  </Text>
                </div>
              </Group>
            );
          })}
          {items.hasNextPage && (
            <Button variant="subtle" onClick={() => void items.fetchNextPage()} loading={items.isFetchingNextPage}>
              {t('picker.loadMore')}
            </Button>
          )}
        </Stack>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => onDone(false)} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => void submit()} loading={busy} disabled={selected.size === 0} data-testid="catalogue-add-submit">
          {t('catalogueProducts.addSelected', { count: selected.size })}
        </Button>
      </Group>
    </Stack>
  );
}
