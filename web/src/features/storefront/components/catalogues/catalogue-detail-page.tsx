import { Anchor, Button, Container, CopyButton, Group, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconCheck, IconCopy, IconSearch, IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { ResponsiveImage } from '@/components/responsive-image';
import { useCatalogue } from '@/features/storefront/api/get-catalogue';
import { useCatalogueProducts } from '@/features/storefront/api/get-catalogue-products';
import { CATALOGUE_PRODUCTS_PAGE_SIZE, catalogueShareUrl, type CatalogueSearch } from '@/features/storefront/lib/catalogue-search';
import { pageToOffset, totalPages } from '@/features/storefront/lib/listing-search';
import { catalogueOwnerRef } from '@/features/storefront/lib/shop-path';
import { ItemGrid, ItemGridSkeleton } from '@/features/storefront/components/listing/item-grid';
import { ListingPagination } from '@/features/storefront/components/listing/listing-pagination';
import { EmptyList } from '@/features/storefront/components/shared/empty-state';
import { ResaleInfoToggle } from '@/features/storefront/components/shared/resale-info-toggle';
import { shareName, shareOrCopy } from '@/features/storefront/components/shared/share';
import { ShopBreadcrumbs } from '@/features/storefront/components/shared/shop-breadcrumbs';
import { ShopLink } from '@/features/storefront/components/shared/shop-link';
import { useShop, useViewer } from '@/features/storefront/components/shared/storefront-context';
import { useShareGate } from '@/features/storefront/lib/use-share-gate';

interface CatalogueDetailPageProps {
  slug: string;
  search: CatalogueSearch;
  onSearchChange: (next: CatalogueSearch) => void;
}

/**
 * spec 1 §2 'Catalogue screens' for visitors: the catalogue's products with a search bar, share and copy link
 * (the name cut at 100 characters for sharing), a back-to-catalogues link and 'see more'.
 */
export function CatalogueDetailPage({ slug, search, onSearchChange }: CatalogueDetailPageProps) {
  const { t } = useTranslation('storefront');
  const shop = useShop();
  const owner = catalogueOwnerRef(shop);
  const { data: catalogue } = useCatalogue(owner, slug);
  const page = search.page ?? 1;
  const text = search.text ?? '';
  const query = useCatalogueProducts({ owner, slug, text, ...pageToOffset(page, CATALOGUE_PRODUCTS_PAGE_SIZE) });
  const [draft, setDraft] = useState(text);
  const url = catalogueShareUrl(catalogue, shop.slug);
  const name = catalogue.share?.name || shareName(catalogue.name);
  const canShare = useShareGate(useViewer().userId);

  return (
    <Container size="lg" w="100%" py="md">
      <Stack gap="md">
        <ShopBreadcrumbs items={[{ label: t('menu.catalogues'), to: '/catalogos' }, { label: catalogue.name }]} />
        <Anchor component={ShopLink} to="/catalogos" size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {t('catalogues.back')}
          </Group>
        </Anchor>
        <Group justify="space-between" align="flex-start" gap="md">
          <Group gap="md" wrap="nowrap" miw={0}>
            {catalogue.photo && (
              <ResponsiveImage
                src={catalogue.photo}
                alt=""
                width={96}
                height={48}
                sizes="96px"
                style={{ objectFit: 'cover', borderRadius: 8, flex: 'none' }}
              />
            )}
            <div style={{ minWidth: 0 }}>
              <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
                {catalogue.name}
              </Title>
              <Text size="sm" c="dimmed">
                {t('catalogues.count', { count: catalogue.num_products })}
              </Text>
            </div>
          </Group>
          {canShare && (
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconShare size={16} aria-hidden />}
                onClick={() => void shareOrCopy({ title: name, url }, t)}
              >
                {t('card.share')}
              </Button>
              <CopyButton value={url} timeout={2500}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t('share.copied') : url} withArrow>
                    <Button
                      variant={copied ? 'filled' : 'light'}
                      color={copied ? 'teal' : undefined}
                      leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                      onClick={copy}
                      data-testid="copy-catalogue-link"
                      data-url={url}
                    >
                      {copied ? t('share.copiedShort') : t('share.copy')}
                    </Button>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          )}
        </Group>

        <Group justify="space-between" gap="sm">
          <form
            role="search"
            style={{ flex: 1, minWidth: 220, maxWidth: 480 }}
            onSubmit={(event) => {
              event.preventDefault();
              const next = draft.trim();
              onSearchChange(next ? { text: next } : {});
            }}
          >
            <TextInput
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              aria-label={t('catalogues.search')}
              placeholder={t('catalogues.search')}
              leftSection={<IconSearch size={16} aria-hidden />}
            />
          </form>
          <ResaleInfoToggle />
        </Group>

        {query.isPending ? (
          <ItemGridSkeleton />
        ) : query.isError ? (
          <ErrorState title={t('listing.error')} onRetry={() => void query.refetch()} />
        ) : query.data.results.length === 0 ? (
          <EmptyList title={text ? t('catalogues.noMatch', { text }) : t('catalogues.noProducts')} />
        ) : (
          <ItemGrid items={query.data.results} />
        )}
        {query.data && (
          <ListingPagination
            page={page}
            total={totalPages(query.data.matches_estimated, CATALOGUE_PRODUCTS_PAGE_SIZE)}
            onChange={(next) => onSearchChange({ ...(text ? { text } : {}), ...(next > 1 ? { page: next } : {}) })}
          />
        )}
        <Group justify="center">
          <Button component={ShopLink} to="/catalogos" variant="subtle">
            {t('catalogues.seeMore')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
