import {
  ActionIcon,
  Anchor,
  Avatar,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { StoreLimits, type FranchiseJson } from '@vitrina/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { requestShopEditAction, useShopEditReady } from '@/lib/shop-edit-channel';
import { FRANCHISES_KEY, removeStoreFranchise, useShopFranchises, type FranchiseOwner } from '@/features/storefront/api/get-franchises';
import { pageToOffset, totalPages } from '@/features/storefront/lib/listing-search';
import { isShopAdmin } from '@/features/storefront/lib/shop-menu';
import { shopPath } from '@/features/storefront/lib/shop-path';
import { ListingPagination } from '@/features/storefront/components/listing/listing-pagination';
import { EmptyList } from '@/features/storefront/components/shared/empty-state';
import { ShopBreadcrumbs } from '@/features/storefront/components/shared/shop-breadcrumbs';
import { useShop, useViewer } from '@/features/storefront/components/shared/storefront-context';

/** spec 1 §9: franchises 30 a page. */
const PAGE_SIZE = StoreLimits.franchisesPageSize;

/**
 * Removals that wait out the spec's 5 s undo window before the call (spec 1 §4 'Franchise removal has the same 5 s
 * undo'). The route hands in the shop-admin's countdown (its useUndoableActions has this shape): the storefront
 * does not import another feature.
 */
export interface UndoableRemovals {
  start(
    key: string,
    action: () => Promise<unknown>,
    onDone: (result: { cancelled: true } | { cancelled: false; ok: boolean; error?: unknown }) => void,
  ): void;
  undo(key: string): void;
  /** Seconds left of a pending removal, null when none is pending. */
  secondsOf(key: string): number | null;
}

/**
 * /franquicias (spec 1 §6 'Admin sees the admin franchise list; others see the public list'): the franchises the shop
 * shows, with a name search; the shop's admin gets the admin list, a remove button per franchise (5 s undo) and an
 * entry that opens the owner tools' franchise picker.
 */
export function FranchisesPage({
  search,
  onSearchChange,
  accountType = null,
  removals,
}: {
  search: { page?: number; text?: string };
  onSearchChange: (next: { page?: number; text?: string }) => void;
  /** The signed-in user's account-type segment of the owner paths (useSession().accountType). */
  accountType?: string | null;
  /** Needed for the admin's remove buttons; without it the admin list is read-only. */
  removals?: UndoableRemovals;
}) {
  const { t } = useTranslation('storefront');
  const shop = useShop();
  const viewer = useViewer();
  const client = useQueryClient();
  const page = search.page ?? 1;
  const [draft, setDraft] = useState(search.text ?? '');
  // The same check as the owner toolbar: the owner, with the admin permission, never on a proxy shop.
  const admin = viewer.userId !== null && isShopAdmin(shop, viewer.userId === shop.owner);
  const owner: FranchiseOwner | null =
    admin && viewer.userId
      ? { ownerId: viewer.userId, accountType: accountType ?? (shop.store_type === 'franchise' ? 'franchise' : 'affiliate') }
      : null;
  const query = useShopFranchises(shop.slug, viewer.userId, owner, { text: search.text, ...pageToOffset(page, PAGE_SIZE) });
  // The picker lives in the owner tools (loaded for the admin, taking actions while edit mode is on).
  const canAdd = useShopEditReady() && owner !== null;
  /** Removed in this visit: hidden at once, before the list's refetch answers. */
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());

  const remove = (franchise: FranchiseJson) => {
    if (!owner || !removals) return;
    removals.start(
      franchise.id,
      () => removeStoreFranchise(owner, franchise.id),
      (result) => {
        if (result.cancelled) return;
        if (result.ok) {
          setRemoved((current) => new Set(current).add(franchise.id));
          notifications.show({ color: 'teal', message: t('franchises.removed'), autoClose: 5_000 });
          void client.invalidateQueries({ queryKey: FRANCHISES_KEY });
        } else {
          notifications.show({ color: 'red', message: t('franchises.removeError'), autoClose: 7_000 });
        }
      },
    );
  };

  const list = query.data?.results.filter((franchise) => !removed.has(franchise.id)) ?? [];

  return (
    <Container size="lg" w="100%" py="md">
      <Stack gap="md">
        <ShopBreadcrumbs items={[{ label: t('menu.franchises') }]} />
        <Group justify="space-between" align="center">
          <Title order={1} size="h2">
            {t('menu.franchises')}
          </Title>
          {canAdd && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => requestShopEditAction({ kind: 'franchises' })}>
              {t('menu.add.franchises')}
            </Button>
          )}
        </Group>
        <form
          role="search"
          style={{ maxWidth: 420 }}
          onSubmit={(event) => {
            event.preventDefault();
            onSearchChange(draft.trim() ? { text: draft.trim() } : {});
          }}
        >
          <TextInput
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            aria-label={t('franchises.search')}
            placeholder={t('franchises.search')}
            leftSection={<IconSearch size={16} aria-hidden />}
          />
        </form>
        {query.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} aria-busy="true" aria-label={t('listing.loading')}>
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} height={72} />
            ))}
          </SimpleGrid>
        ) : query.isError ? (
          <ErrorState title={t('franchises.error')} onRetry={() => void query.refetch()} />
        ) : list.length === 0 ? (
          <EmptyList title={search.text ? t('franchises.noMatch') : t('franchises.empty')} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} data-testid="franchise-list">
            {list.map((franchise) => {
              const seconds = removals?.secondsOf(franchise.id) ?? null;
              return (
                <Card key={franchise.id} withBorder padding="sm" data-testid="franchise-card">
                  <Group wrap="nowrap" justify="space-between">
                    <Anchor
                      href={franchise.canonical_url ?? shopPath(franchise.slug, '/')}
                      underline="never"
                      c="inherit"
                      style={{ minWidth: 0 }}
                    >
                      <Group wrap="nowrap">
                        <Avatar src={franchise.photo} name={franchise.name} color="initials" size="lg" alt="" aria-hidden />
                        <Text fw={600} lineClamp={2} c={seconds !== null ? 'dimmed' : undefined} data-testid="franchise-name">
                          {franchise.name}
                        </Text>
                      </Group>
                    </Anchor>
                    {owner && removals ? (
                      seconds !== null ? (
                        <Group gap={4} wrap="nowrap">
                          <Text size="xs" c="dimmed" role="status">
                            {t('franchises.removing', { seconds })}
                          </Text>
                          <Button size="compact-xs" variant="light" onClick={() => removals.undo(franchise.id)}>
                            {t('franchises.undo')}
                          </Button>
                        </Group>
                      ) : (
                        <ActionIcon
                          color="red"
                          variant="subtle"
                          aria-label={t('franchises.remove', { name: franchise.name })}
                          onClick={() => remove(franchise)}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      )
                    ) : null}
                  </Group>
                </Card>
              );
            })}
          </SimpleGrid>
        )}
        {query.data && (
          <ListingPagination
            page={page}
            total={totalPages(query.data.matches_estimated, PAGE_SIZE)}
            onChange={(next) => onSearchChange({ ...(search.text ? { text: search.text } : {}), ...(next > 1 ? { page: next } : {}) })}
          />
        )}
      </Stack>
    </Container>
  );
}
