import {
  ActionIcon,
  Alert,
  Autocomplete,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconPlus, IconSearch, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ItemType, ShopJson } from '@vitrina/contracts';
import { useState } from 'react';
import { useShopAdminTranslation } from '@/features/shop-admin/i18n/texts';
import { isApiError } from '@/api/client';
import type { OwnerRef } from '../api/http';
import {
  addItemToStore,
  pickerItemsQueryOptions,
  removeItemFromStore,
  useCategorySearch,
  usePickerItems,
  useSupplierSearch,
  type PickerItem,
} from '../api/store-items';
import { notifyError, notifySuccess, notifyWarning } from './notify';
import { useUndoableActions } from './use-undoable-actions';

/** spec 1 §9: type-ahead debounce 400 ms. */
const DEBOUNCE_MS = 400;

interface Props {
  owner: OwnerRef;
  shop: ShopJson;
  opened: boolean;
  onClose: () => void;
  onChanged: () => void;
  initialType?: ItemType;
}

/** The item types the modal offers; digital only with the digital setting (spec 1 §2 'Shop menu'). */
export function pickerTypes(shop: ShopJson): ItemType[] {
  const digital = shop.permissions.includes('digital_products') || shop.store_theme_info.sections_info.includes('digital');
  return digital ? ['product', 'service', 'experience', 'digital'] : ['product', 'service', 'experience'];
}

/**
 * spec 1 §2 'Add-products modal': type tabs, search, category and supplier type-ahead filters (no supplier filter
 * for franchise owners), cards toggling in store with the 5 s undo on removal.
 */
export function AddProductsModal({ owner, shop, opened, onClose, onChanged, initialType = 'product' }: Props) {
  const { t } = useShopAdminTranslation();
  const [type, setType] = useState<ItemType>(initialType);
  const [text, setText] = useState('');
  const [categoryText, setCategoryText] = useState('');
  const [supplierText, setSupplierText] = useState('');
  const [category, setCategory] = useState<string | undefined>();
  const [supplier, setSupplier] = useState<string | undefined>();
  const [debouncedText] = useDebouncedValue(text, DEBOUNCE_MS);
  const [debouncedCategory] = useDebouncedValue(categoryText, DEBOUNCE_MS);
  const [debouncedSupplier] = useDebouncedValue(supplierText, DEBOUNCE_MS);
  const isFranchise = shop.store_type === 'franchise';
  const categories = useCategorySearch(debouncedCategory);
  const suppliers = useSupplierSearch(owner, isFranchise ? '' : debouncedSupplier);

  return (
    <Modal opened={opened} onClose={onClose} title={t('picker.title')} size="xl">
      <Stack>
        <Tabs value={type} onChange={(value) => value && setType(value as ItemType)}>
          <Tabs.List>
            {pickerTypes(shop).map((value) => (
              <Tabs.Tab key={value} value={value}>
                {t(`picker.tabs.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <Group grow align="flex-start">
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t('picker.search')}
            aria-label={t('picker.search')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            data-testid="picker-search"
          />
          <Autocomplete
            placeholder={t('picker.category')}
            aria-label={t('picker.category')}
            value={categoryText}
            onChange={(value) => {
              setCategoryText(value);
              if (!value) setCategory(undefined);
            }}
            onOptionSubmit={(value) => setCategory(categories.data?.results.find((c) => c.name === value)?.id)}
            data={[...new Set((categories.data?.results ?? []).map((c) => c.name))]}
            limit={5}
            clearable
            error={debouncedCategory && categories.isSuccess && categories.data.results.length === 0 ? t('picker.noCategory') : undefined}
          />
          {!isFranchise && (
            <Autocomplete
              placeholder={t('picker.supplier')}
              aria-label={t('picker.supplier')}
              value={supplierText}
              onChange={(value) => {
                setSupplierText(value);
                if (!value) setSupplier(undefined);
              }}
              onOptionSubmit={(value) => setSupplier(suppliers.data?.results.find((s) => s.name === value)?.id)}
              data={[...new Set((suppliers.data?.results ?? []).map((s) => s.name))]}
              limit={5}
              clearable
              error={debouncedSupplier && suppliers.isSuccess && suppliers.data.results.length === 0 ? t('picker.noSupplier') : undefined}
            />
          )}
        </Group>
        <PickerResults
          owner={owner}
          params={{ type, text: debouncedText, category, dssupplier: isFranchise ? undefined : supplier }}
          onChanged={onChanged}
        />
      </Stack>
    </Modal>
  );
}

function PickerResults({
  owner,
  params,
  onChanged,
}: {
  owner: OwnerRef;
  params: Parameters<typeof usePickerItems>[1];
  onChanged: () => void;
}) {
  const { t } = useShopAdminTranslation();
  const client = useQueryClient();
  const items = usePickerItems(owner, params);
  /** Local in_store after the owner's toggles (the list is not refetched under their cursor). */
  const [overrides, setOverrides] = useState<Record<string, boolean>>({});
  const [adding, setAdding] = useState<string | null>(null);
  const removals = useUndoableActions();
  // The cached pages still hold the old in_store: mark them stale (without refetching the list on screen) so
  // another search, or the modal opened again, reads the store as it is now.
  const markStale = () =>
    void client.invalidateQueries({ queryKey: pickerItemsQueryOptions(owner, params).queryKey.slice(0, 3), refetchType: 'none' });

  const add = async (item: PickerItem) => {
    setAdding(item.id);
    try {
      await addItemToStore(owner, item.id);
      setOverrides((current) => ({ ...current, [item.id]: true }));
      markStale();
      notifySuccess(t('picker.added'));
      onChanged();
    } catch (error) {
      if (isApiError(error) && error.code === 'invalid_product') notifyWarning(t('picker.invalidProduct'));
      else notifyError(t('picker.couldNotAdd'));
    } finally {
      setAdding(null);
    }
  };

  const remove = (item: PickerItem) =>
    removals.start(
      item.id,
      () => removeItemFromStore(owner, item.id),
      (result) => {
        if (result.cancelled) return;
        if (result.ok) {
          setOverrides((current) => ({ ...current, [item.id]: false }));
          markStale();
          notifySuccess(t('picker.removed'));
          onChanged();
        } else notifyError(t('common.genericError'));
      },
    );

  if (items.isPending) {
    return (
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }}>
        {Array.from({ length: 10 }, (_, key) => (
          <Skeleton key={key} h={190} />
        ))}
      </SimpleGrid>
    );
  }
  if (items.isError) {
    return (
      <Alert color="red">
        {t('common.loadError')}{' '}
        <Button variant="subtle" size="xs" onClick={() => void items.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }
  const list = items.data.pages.flatMap((page) => page.results);
  if (list.length === 0) return <Text c="dimmed">{t('picker.empty')}</Text>;

  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }}>
        {list.map((item) => {
          const inStore = overrides[item.id] ?? item.in_store;
          const seconds = removals.secondsOf(item.id);
          return (
            <Card key={item.id} withBorder padding="xs" data-testid="picker-card" data-in-store={inStore ? '' : undefined}>
              <Card.Section>
                <Image src={item.photos[0] ?? null} alt="" h={100} fit="cover" fallbackSrc="data:image/gif;base64,R0lGODlhAQABAAAAACw=" />
              </Card.Section>
              <Text size="sm" lineClamp={2} mt="xs" mih={40}>
                {item.name}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={1}>
                {item.owner_name}
              </Text>
              <Group justify="space-between" mt="xs" wrap="nowrap">
                {seconds !== null ? (
                  <>
                    <Text size="xs" c="red">
                      {t('picker.removing', { seconds })}
                    </Text>
                    <Button size="compact-xs" variant="light" onClick={() => removals.undo(item.id)}>
                      {t('common.undo')}
                    </Button>
                  </>
                ) : inStore ? (
                  <>
                    <Badge color="green" leftSection={<IconCheck size={12} />} variant="light">
                      {t('picker.inStore')}
                    </Badge>
                    <Tooltip label={t('picker.removeFromStore')}>
                      <ActionIcon
                        color="red"
                        variant="filled"
                        size="sm"
                        aria-label={t('picker.removeFromStore')}
                        onClick={() => remove(item)}
                      >
                        <IconX size={14} />
                      </ActionIcon>
                    </Tooltip>
                  </>
                ) : (
                  <Tooltip label={t('picker.addToStore')}>
                    <ActionIcon
                      color="green"
                      variant="filled"
                      size="sm"
                      ml="auto"
                      aria-label={t('picker.addToStore')}
                      loading={adding === item.id}
                      onClick={() => void add(item)}
                    >
                      <IconPlus size={14} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>
      {items.hasNextPage && (
        <Button variant="subtle" onClick={() => void items.fetchNextPage()} loading={items.isFetchingNextPage}>
          {t('picker.loadMore')}
        </Button>
      )}
    </Stack>
  );
}
