import { Container } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';
import { CatalogueLimits } from '@vitrina/contracts';
import { useTranslation } from 'react-i18next';
import { ResponsiveImage } from '@/components/responsive-image';
import { useCatalogues } from '@/features/storefront/api/get-catalogues';
import { catalogueOwnerRef } from '@/features/storefront/lib/shop-path';
import { useShop } from '@/features/storefront/components/shared/storefront-context';
import { ShopLink } from '@/features/storefront/components/shared/shop-link';
import classes from './catalogue-strip.module.css';

/**
 * The catalogue selector strip under the header bar (spec 1 §2 'Shop home'; hidden when hidden_search_bar):
 * the shop's published catalogues (the catalogue home's 20), scrollable sideways on small screens.
 * Quietly absent while loading, on failure and when the shop has no catalogues (spec 1 §8: list failures
 * are swallowed).
 */
export function CatalogueStrip() {
  const { t } = useTranslation('storefront');
  const shop = useShop();
  const { data } = useCatalogues({ owner: catalogueOwnerRef(shop), offset: 0, limit: CatalogueLimits.cataloguesHome });
  const catalogues = data?.results ?? [];
  if (catalogues.length === 0) return null;
  return (
    <nav className={classes.strip} aria-label={t('catalogues.selector')}>
      <Container size="lg">
        <div className={classes.scroller}>
          <ShopLink to="/catalogos" className={classes.chip} activeOptions={{ exact: true, includeSearch: false }}>
            <span className={classes.thumb} style={{ display: 'grid', placeItems: 'center' }} aria-hidden>
              <IconBooks size={14} />
            </span>
            <span className={classes.chipText}>{t('catalogues.all')}</span>
          </ShopLink>
          {catalogues.map((catalogue) => (
            <ShopLink
              key={catalogue.id}
              to={`/catalogos/${encodeURIComponent(catalogue.slug)}`}
              className={classes.chip}
              activeOptions={{ includeSearch: false }}
            >
              {catalogue.photo ? (
                <ResponsiveImage className={classes.thumb} src={catalogue.photo} alt="" width={24} height={24} sizes="24px" />
              ) : (
                <span className={classes.thumb} aria-hidden />
              )}
              <span className={classes.chipText}>{catalogue.name}</span>
            </ShopLink>
          ))}
        </div>
      </Container>
    </nav>
  );
}
