import { Avatar, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { StoreLimits } from '@vitrina/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { useFranchises } from '@/features/storefront/api/get-franchises';
import { pageToOffset, totalPages } from '@/features/storefront/lib/listing-search';
import { shopPath } from '@/features/storefront/lib/shop-path';
import { ListingPagination } from '@/features/storefront/components/listing/listing-pagination';
import { EmptyList } from '@/features/storefront/components/shared/empty-state';
import { ShopBreadcrumbs } from '@/features/storefront/components/shared/shop-breadcrumbs';

const PAGE_SIZE = StoreLimits.franchisesSearchPageSize;

/** /franquicias: the published franchise and affinity shops (spec 1 §7 'Published franchises'), with a search. */
export function FranchisesPage({
  search,
  onSearchChange,
}: {
  search: { page?: number; text?: string };
  onSearchChange: (next: { page?: number; text?: string }) => void;
}) {
  const { t } = useTranslation('storefront');
  const page = search.page ?? 1;
  const [draft, setDraft] = useState(search.text ?? '');
  const query = useFranchises({ text: search.text, ...pageToOffset(page, PAGE_SIZE) });
  return (
    <Container size="lg" w="100%" py="md">
      <Stack gap="md">
        <ShopBreadcrumbs items={[{ label: t('menu.franchises') }]} />
        <Title order={1} size="h2">
          {t('menu.franchises')}
        </Title>
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
        ) : query.data.results.length === 0 ? (
          <EmptyList title={t('info.empty.franchises')} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {query.data.results.map((franchise) => (
              <Card
                key={franchise.id}
                withBorder
                component="a"
                href={franchise.canonical_url ?? shopPath(franchise.slug, '/')}
                padding="sm"
              >
                <Group wrap="nowrap">
                  <Avatar src={franchise.photo} name={franchise.name} color="initials" size="lg" alt="" />
                  <Text fw={600} lineClamp={2}>
                    {franchise.name}
                  </Text>
                </Group>
              </Card>
            ))}
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
