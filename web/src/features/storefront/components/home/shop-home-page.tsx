import { Container, Stack, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useShop } from '@/features/storefront/components/shared/storefront-context';
import { BannerCarousel } from './banner-carousel';
import { HeaderBlock } from './header-block';
import { HomeSections } from './home-sections';

/**
 * spec 1 §2 'Shop home (theme page)': banner carousel and header block, then the content rows. In the
 * 2-column layout the header block's texts sit beside the slides; in the 1-column layout the carousel spans
 * the page (arrows and dots) and the header block follows it.
 */
export function ShopHomePage() {
  const { t } = useTranslation('storefront');
  const shop = useShop();
  const theme = shop.store_theme_info;
  const banners = shop.slider ? theme.slider_info : [];
  const header = shop.header ? theme.header_info[0] : undefined;
  const twoColumns = theme.columns === 2 && header !== undefined && banners.length > 0;

  return (
    <>
      {!header && (
        <VisuallyHidden>
          <Title order={1}>{t('home.welcome', { name: shop.name })}</Title>
        </VisuallyHidden>
      )}
      {(banners.length > 0 || header) && (
        <Container size="lg" w="100%" pt="md">
          <Stack gap="md">
            {twoColumns ? (
              <HeaderBlock header={header} beside={<BannerCarousel banners={banners} columns={2} />} />
            ) : (
              <>
                <BannerCarousel banners={banners} columns={1} />
                {header && <HeaderBlock header={header} />}
              </>
            )}
          </Stack>
        </Container>
      )}
      <HomeSections />
    </>
  );
}
