import { Anchor, Container, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { CatalogueLimits } from '@vitrina/contracts';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '@/components/language-select';
import { ThemeToggle } from '@/components/theme-toggle';
import { useCatalogues } from '@/features/storefront/api/get-catalogues';
import type { Shop } from '@/features/storefront/api/get-shop-by-slug';
import { catalogueOwnerRef } from '@/features/storefront/lib/shop-path';
import { useShop } from '@/features/storefront/components/shared/storefront-context';
import { ShopLink } from '@/features/storefront/components/shared/shop-link';
import { ShopBrand } from './shop-brand';
import classes from './shop-footer.module.css';
import { SocialLinks } from './social-links';
import { useShopMenu } from './use-shop-menu';

/** spec 1 §2 'Footer': the support centre comes from the root affinity store info, else from the shop. */
function supportUrlOf(shop: Shop): string | null {
  return shop.root_affinity_store_info?.users_support_url ?? shop.users_support_url ?? null;
}

/** Shop home, acerca (only with an owner and an about entry), contacto, terms, privacidad, support centre. */
function FooterLinks({ direction }: { direction: 'row' | 'column' }) {
  const { t } = useTranslation('storefront');
  const shop = useShop();
  const support = supportUrlOf(shop);
  const links = (
    <>
      <ShopLink to="/" className={classes.link}>
        {t('footer.home')}
      </ShopLink>
      {shop.owner && shop.about_entry_id && (
        <ShopLink to="/acerca" className={classes.link}>
          {t('footer.about')}
        </ShopLink>
      )}
      <ShopLink to="/contacto" className={classes.link}>
        {t('footer.contact')}
      </ShopLink>
      <ShopLink to="/terms" className={classes.link}>
        {t('footer.terms')}
      </ShopLink>
      <ShopLink to="/privacidad" className={classes.link}>
        {t('footer.privacy')}
      </ShopLink>
      {support && (
        <Anchor href={support} target="_blank" rel="noopener noreferrer" className={classes.link}>
          <Group gap={4} component="span" wrap="nowrap">
            {t('footer.support')}
            <IconExternalLink size={14} aria-label={t('footer.newWindow')} />
          </Group>
        </Anchor>
      )}
    </>
  );
  return direction === 'row' ? (
    <Group gap="md" component="nav" aria-label={t('footer.links')}>
      {links}
    </Group>
  ) : (
    <Stack gap={6} component="nav" aria-label={t('footer.links')}>
      {links}
    </Stack>
  );
}

/** Up to 5 catalogues; 'see more' when the shop has more than 3 (spec 1 §2 'Footer'). */
function FooterCatalogues() {
  const { t } = useTranslation('storefront');
  const shop = useShop();
  const menu = useShopMenu();
  const { data } = useCatalogues({ owner: catalogueOwnerRef(shop), offset: 0, limit: CatalogueLimits.footerCatalogues });
  const catalogues = data?.results ?? [];
  if (catalogues.length === 0) {
    return (
      <div>
        <Text className={classes.heading}>{t('footer.menu')}</Text>
        <Stack gap={6} component="nav" aria-label={t('menu.label')}>
          {menu.map((entry) => (
            <ShopLink key={entry.key} to={entry.path} className={classes.link}>
              {t(`menu.${entry.key}`)}
            </ShopLink>
          ))}
        </Stack>
      </div>
    );
  }
  return (
    <div>
      <Text className={classes.heading}>{t('footer.catalogues')}</Text>
      <Stack gap={6}>
        {catalogues.slice(0, CatalogueLimits.footerCatalogues).map((catalogue) => (
          <ShopLink key={catalogue.id} to={`/catalogos/${encodeURIComponent(catalogue.slug)}`} className={classes.link}>
            {catalogue.name}
          </ShopLink>
        ))}
        {data && data.matches_estimated > 3 && (
          <ShopLink to="/catalogos" className={classes.link} style={{ fontWeight: 600 }}>
            {t('footer.seeMore')}
          </ShopLink>
        )}
      </Stack>
    </div>
  );
}

function Copyright() {
  const { t } = useTranslation('storefront');
  const shop = useShop();
  // Read once per mount: rendering stays pure (React may render twice), and the year is the same on every render.
  const [year] = useState(() => new Date().getFullYear());
  return <Text className={classes.muted}>{t('footer.copyright', { year, name: shop.name })}</Text>;
}

/** spec 1 §2 'Footer': the three-column style (3cols1col) or the one-row simple footer, in footer_bg / footer_fg. */
export function ShopFooter({ withThemeToggle }: { withThemeToggle: boolean }) {
  const shop = useShop();
  const custom = Boolean(shop.footer_bg || shop.footer_fg);
  const style = {
    ...(shop.footer_bg ? { '--footer-bg': shop.footer_bg } : {}),
    ...(shop.footer_fg ? { '--footer-fg': shop.footer_fg } : {}),
  } as CSSProperties;

  if (shop.footer_style === '3cols1col') {
    return (
      <footer className={classes.footer} data-custom={custom ? '' : undefined} style={style}>
        <Container size="lg" py="xl">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
            <Stack gap="sm" align="flex-start">
              <ShopBrand size="md" />
              {shop.seo_description && <Text className={classes.muted}>{shop.seo_description}</Text>}
              <SocialLinks />
              <LanguageSelect />
            </Stack>
            <FooterCatalogues />
            <FooterLinks direction="column" />
          </SimpleGrid>
          <Divider my="lg" color={custom ? 'currentColor' : undefined} opacity={custom ? 0.25 : 1} />
          <Group justify="space-between">
            <Copyright />
            {withThemeToggle && <ThemeToggle />}
          </Group>
        </Container>
      </footer>
    );
  }

  return (
    <footer className={classes.footer} data-custom={custom ? '' : undefined} style={style}>
      <Container size="lg" py="md">
        <Group justify="space-between" gap="sm">
          <Stack gap={4}>
            <FooterLinks direction="row" />
            <Copyright />
          </Stack>
          <Group gap="xs">
            <SocialLinks />
            <LanguageSelect />
            {withThemeToggle && <ThemeToggle />}
          </Group>
        </Group>
      </Container>
    </footer>
  );
}
