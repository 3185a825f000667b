import { Drawer, NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ShopLink } from '@/features/storefront/components/shared/shop-link';
import { ShopBrand } from './shop-brand';
import { useShopMenu } from './use-shop-menu';

/** The shop menu as a vertical list. */
function ShopMenuList({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('storefront');
  const entries = useShopMenu();
  return (
    <Stack gap={2} component="nav" aria-label={t('menu.label')}>
      <NavLink component={ShopLink} to="/" label={t('menu.home')} onClick={onNavigate} activeOptions={{ exact: true }} />
      {entries.map((entry) => (
        <NavLink key={entry.key} component={ShopLink} to={entry.path} label={t(`menu.${entry.key}`)} onClick={onNavigate} />
      ))}
    </Stack>
  );
}

/** The shop menu on small screens: a 280 px drawer (spec 1 §9 side menu width). Loaded on first open. */
export default function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('storefront');
  return (
    <Drawer opened={opened} onClose={onClose} size={280} title={<ShopBrand size="md" />} closeButtonProps={{ 'aria-label': t('menu.close') }}>
      <ShopMenuList onNavigate={onClose} />
    </Drawer>
  );
}
