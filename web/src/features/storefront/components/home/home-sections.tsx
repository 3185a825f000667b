import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import type { CatalogueJson, ItemType } from '@vitrina/contracts';
import { useTranslation } from 'react-i18next';
import { ResponsiveImage } from '@/components/responsive-image';
import { useCatalogues } from '@/features/storefront/api/get-catalogues';
import { homeCataloguesParams, homeItemsParams, homeItemTypes } from '@/features/storefront/api/home-queries';
import { shopItemsQueryOptions, useShopItems } from '@/features/storefront/api/search-shop-items';
import { LISTING_SEGMENTS } from '@/features/storefront/lib/listing-search';
import { ProductCard } from '@/features/storefront/components/card/product-card';
import { ItemGrid, ItemGridSkeleton } from '@/features/storefront/components/listing/item-grid';
import { EmptyList } from '@/features/storefront/components/shared/empty-state';
import { ShopLink } from '@/features/storefront/components/shared/shop-link';
import { useIsShopOwner, useShop, useViewer } from '@/features/storefront/components/shared/storefront-context';
import classes from './home-sections.module.css';

/** spec 1 §9: the product slider appears at 6 or more items. */
const SLIDER_FROM = 6;

function RowHeader({ title, to, id }: { title: string; to: string; id: string }) {
  const { t } = useTranslation('storefront');
  return (
    <Group justify="space-between" align="baseline" mb="sm">
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      <Anchor component={ShopLink} to={to} size="sm" fw={600}>
        <Group gap={4} component="span">
          {t('home.seeAll')}
          <IconArrowRight size={14} aria-hidden />
        </Group>
      </Anchor>
    </Group>
  );
}

/** A section of the home: the first items of one type (spec 1 §9 'shop listing' 10), or nothing when it has none. */
function ItemRow({ type }: { type: ItemType }) {
  const { t } = useTranslation('storefront');
  const shop = useShop();
  const query = useShopItems(homeItemsParams(shop, type));
  const id = `home-row-${type}`;
  if (query.isSuccess && query.data.results.length === 0) return null;
  return (
    <section aria-labelledby={id} data-testid={`home-row-${type}`}>
      <RowHeader id={id} title={t(`listing.title.${type}`)} to={`/${LISTING_SEGMENTS[type]}`} />
      {query.isPending ? (
        <ItemGridSkeleton />
      ) : query.isError ? (
        <Group gap="sm">
          <Text size="sm" c="dimmed">
            {t('home.rowError')}
          </Text>
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </Group>
      ) : query.data.results.length >= SLIDER_FROM ? (
        <ul className={classes.slider}>
          {query.data.results.map((item) => (
            <li key={item.id}>
              <ProductCard item={item} />
            </li>
          ))}
        </ul>
      ) : (
        <ItemGrid items={query.data.results} />
      )}
    </section>
  );
}

export function CatalogueCard({ catalogue }: { catalogue: CatalogueJson }) {
  const { t } = useTranslation('storefront');
  return (
    <ShopLink to={`/catalogos/${encodeURIComponent(catalogue.slug)}`} className={classes.catalogueCard} data-testid="catalogue-card">
      {catalogue.photo ? (
        <ResponsiveImage
          src={catalogue.photo}
          alt=""
          width={400}
          height={200}
          sizes="(max-width: 36em) 50vw, (max-width: 62em) 33vw, 25vw"
        />
      ) : (
        <span className={classes.cataloguePlaceholder} aria-hidden />
      )}
      <Text fw={600} mt={6} lineClamp={2}>
        {catalogue.name}
      </Text>
      <Text size="xs" c="dimmed">
        {t('catalogues.count', { count: catalogue.num_products })}
      </Text>
    </ShopLink>
  );
}

function CatalogueRow() {
  const { t } = useTranslation('storefront');
  const shop = useShop();
  const { data } = useCatalogues(homeCataloguesParams(shop));
  if (!data || data.results.length === 0) return null;
  return (
    <section aria-labelledby="home-row-catalogues">
      <RowHeader id="home-row-catalogues" title={t('menu.catalogues')} to="/catalogos" />
      <ul className={classes.slider}>
        {data.results.map((catalogue) => (
          <li key={catalogue.id}>
            <CatalogueCard catalogue={catalogue} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The content area of the home: one row per section the shop shows (store_theme_info.sections_info). */
export function HomeSections() {
  const { t } = useTranslation('storefront');
  const shop = useShop();
  const sections = shop.store_theme_info.sections_info;
  const types = homeItemTypes(shop);
  const viewer = useViewer();
  const owner = useIsShopOwner();
  // The rows' own queries (same keys): when every row answered with nothing, the home says so instead of a blank area.
  const rows = useQueries({ queries: types.map((type) => shopItemsQueryOptions(homeItemsParams(shop, type), viewer.userId)) });
  const catalogues = useCatalogues(homeCataloguesParams(shop), sections.includes('catalogues'));
  const nothing =
    rows.every((row) => row.isSuccess && row.data.results.length === 0) &&
    (!sections.includes('catalogues') || (catalogues.isSuccess && catalogues.data.results.length === 0));
  return (
    <Container size="lg" w="100%" py="md">
      <Stack gap={40}>
        {types.map((type) => (
          <ItemRow key={type} type={type} />
        ))}
        {sections.includes('catalogues') && <CatalogueRow />}
        {nothing && <EmptyList title={t('home.empty')} text={owner ? t('home.emptyOwner') : t('listing.emptyText')} />}
      </Stack>
    </Container>
  );
}
