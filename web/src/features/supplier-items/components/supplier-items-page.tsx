import { Button, Card, Center, Group, Pagination, Skeleton, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPackage, IconPhoto, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { ITEM_TYPES, type ItemJson, type ItemType, type ListState } from '@vitrina/contracts';
import { useEffect, useEffectEvent, useState } from 'react';
import { ErrorState } from '@/components/error-state';
import { LinkButton } from '@/components/link-button';
import { ResponsiveImage } from '@/components/responsive-image';
import type { SupplierRef } from '../api/http';
import { useOwnerItems } from '../api/list-owner-items';
import { offsetOf, SUPPLIER_ITEMS_PAGE_SIZE, type SupplierItemsSearch } from '../domain/list-search';
import { formatMoney } from '@/lib/money';
import { useSupplierT, type SupplierT } from '../i18n/texts';
import { ItemStateBadges } from './item-state-badges';
import { LabelledSegments } from './labelled-segments';
import classes from './supplier-items.module.css';

/** spec 1 §2 'Search': a typed search waits 400 ms. */
const SEARCH_DEBOUNCE_MS = 400;

interface Props {
  owner: SupplierRef;
  search: SupplierItemsSearch;
  onSearchChange: (next: SupplierItemsSearch) => void;
}

function PriceText({ item, t, language }: { item: ItemJson; t: SupplierT; language: string }) {
  if (item.is_free) {
    return (
      <Text fw={700} c="teal" size="sm">
        {t('price.free')}
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="wrap" align="baseline">
      <Text fw={700} size="sm" data-testid="item-row-price">
        {formatMoney(item.list_price_minor, item.currency, language)}
      </Text>
      {item.crossout_price_minor !== null && (
        <Text size="xs" c="dimmed" className={classes.crossout}>
          {formatMoney(item.crossout_price_minor, item.currency, language)}
        </Text>
      )}
      {item.hide_price && (
        <Text size="xs" c="dimmed">
          ({t('price.hidden')})
        </Text>
      )}
    </Group>
  );
}

function stockText(item: ItemJson, t: SupplierT): string {
  if (item.stock.stock_type === 'ondemand') return t('stock.ondemand');
  if (item.stock.available === null) return t('stock.untracked');
  return t('stock.units', { count: item.stock.available });
}

function ItemRow({ item, t, language }: { item: ItemJson; t: SupplierT; language: string }) {
  const photo = item.photos[0];
  return (
    <Card withBorder padding="sm" component="li" data-testid="supplier-item-row">
      <Link
        to="/proveedor/articulos/$itemId"
        params={{ itemId: item.id }}
        className={classes.row}
        aria-label={t('list.edit', { name: item.name })}
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {photo ? (
            <ResponsiveImage src={photo} alt="" className={classes.thumb} sizes="60px" />
          ) : (
            <Center className={classes.thumb} aria-label={t('list.noPhoto')}>
              <IconPhoto size={24} stroke={1.5} aria-hidden />
            </Center>
          )}
          <Stack gap={4} flex={1} miw={0}>
            <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
              <Text fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                {item.name}
              </Text>
              <ItemStateBadges item={item} t={t} />
            </Group>
            <Group gap="md" wrap="wrap">
              <Text size="xs" c="dimmed">
                {t(`types.${item.type}`)}
              </Text>
              <PriceText item={item} t={t} language={language} />
              <Text size="xs" c="dimmed" data-testid="item-row-stock">
                {stockText(item, t)}
              </Text>
            </Group>
          </Stack>
        </Group>
      </Link>
    </Card>
  );
}

function RowsSkeleton() {
  return (
    <Stack gap="sm" aria-hidden data-testid="supplier-items-skeleton">
      {Array.from({ length: 5 }, (_, i) => (
        <Card withBorder padding="sm" key={i}>
          <Group gap="sm" wrap="nowrap">
            <Skeleton w={60} h={60} radius="sm" />
            <Stack gap={6} flex={1}>
              <Skeleton h={14} w="60%" />
              <Skeleton h={12} w="40%" />
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** `/proveedor/articulos`: the signed-in supplier's items in every state, by type, with search and pages. */
export function SupplierItemsPage({ owner, search, onSearchChange }: Props) {
  const { t, i18n } = useSupplierT();
  const [text, setText] = useState(search.q ?? '');
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const page = search.page ?? 1;

  // Only the typed text drives this; the other filters are read as they are when it changes.
  const applyText = useEffectEvent((q: string) => {
    if (q !== (search.q ?? '')) onSearchChange({ ...search, q: q || undefined, page: undefined });
  });
  useEffect(() => applyText(debounced), [debounced]);

  const query = useOwnerItems(owner, {
    type: search.type,
    listState: search.state,
    text: search.q,
    offset: offsetOf(page),
    limit: SUPPLIER_ITEMS_PAGE_SIZE,
  });
  const filtered = Boolean(search.type || search.state || search.q);
  const total = query.data?.matches_estimated ?? 0;
  const pages = Math.max(1, Math.ceil(total / SUPPLIER_ITEMS_PAGE_SIZE));

  let body;
  if (query.isPending) body = <RowsSkeleton />;
  else if (query.isError) {
    body = <ErrorState title={t('list.errorTitle')} onRetry={() => void query.refetch()} />;
  } else if (query.data.results.length === 0) {
    body = (
      <Card withBorder padding="xl" data-testid="supplier-items-empty">
        <Stack align="center" gap="xs">
          <IconPackage size={40} stroke={1.5} aria-hidden />
          <Text fw={600}>{filtered ? t('list.noMatches') : t('list.empty')}</Text>
          <Text c="dimmed" size="sm" ta="center">
            {filtered ? t('list.noMatchesText') : t('list.emptyText')}
          </Text>
          {filtered ? (
            <Button
              variant="light"
              onClick={() => {
                setText('');
                onSearchChange({});
              }}
            >
              {t('list.clearFilters')}
            </Button>
          ) : (
            <LinkButton to="/proveedor/articulos/nuevo" leftSection={<IconPlus size={16} aria-hidden />}>
              {t('list.new')}
            </LinkButton>
          )}
        </Stack>
      </Card>
    );
  } else {
    body = (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none', opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        {query.data.results.map((item) => (
          <ItemRow key={item.id} item={item} t={t} language={i18n.language} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            {t('list.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('list.subtitle')}
          </Text>
        </div>
        <LinkButton to="/proveedor/articulos/nuevo" leftSection={<IconPlus size={16} aria-hidden />} data-testid="supplier-item-new">
          {t('list.new')}
        </LinkButton>
      </Group>

      <Tabs
        value={search.type ?? 'all'}
        onChange={(value) =>
          onSearchChange({ ...search, type: value && value !== 'all' ? (value as ItemType) : undefined, page: undefined })
        }
        keepMounted={false}
      >
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {(['all', ...ITEM_TYPES] as const).map((type) => (
            <Tabs.Tab key={type} value={type} style={{ flex: 'none' }}>
              {t(`typeTabs.${type}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={100}
          type="search"
          flex={1}
          miw={220}
        />
        <LabelledSegments
          labelId="supplier-items-state"
          label={t('list.state')}
          value={search.state ?? 'all'}
          onChange={(value) => onSearchChange({ ...search, state: value === 'all' ? undefined : (value as ListState), page: undefined })}
          data={[
            { value: 'all', label: t('list.stateAll') },
            { value: 'published', label: t('states.published') },
            { value: 'unpublished', label: t('states.unpublished') },
          ]}
        />
      </Group>

      {query.data && query.data.results.length > 0 && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('list.count', { count: total })}
        </Text>
      )}
      {body}
      {pages > 1 && (
        <Group justify="center">
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={(next) => onSearchChange({ ...search, page: next > 1 ? next : undefined })}
            aria-label={t('list.pagination')}
            size="sm"
          />
        </Group>
      )}
    </Stack>
  );
}
