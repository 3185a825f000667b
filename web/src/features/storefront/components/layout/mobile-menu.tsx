import { Drawer, Group, NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ShopLink } from '@/features/storefront/components/shared/shop-link';
import { ShopBrand } from './shop-brand';
import { MenuAddButton } from './shop-menu';
import { useShopMenu } from './use-shop-menu';

/** The shop menu as a vertical list; for the shop's admin, a plus beside each section (spec 1 §2). */
function ShopMenuList({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('storefront');
  const entries = useShopMenu();
  return (
    <Stack gap={2} component="nav" aria-label={t('menu.label')}>
      <NavLink component={ShopLink} to="/" label={t('menu.home')} onClick={onNavigate} activeOptions={{ exact: true }} />
      {entries.map((entry) =>
        entry.canAdd ? (
          <Group key={entry.key} gap={4} wrap="nowrap">
            <NavLink component={ShopLink} to={entry.path} label={t(`menu.${entry.key}`)} onClick={onNavigate} style={{ flex: 1 }} />
            {/* The drawer closes so the editor (a modal) or the page is in view. */}
            <MenuAddButton entry={entry} onDone={onNavigate} />
          </Group>
        ) : (
          <NavLink key={entry.key} component={ShopLink} to={entry.path} label={t(`menu.${entry.key}`)} onClick={onNavigate} />
        ),
      )}
    </Stack>
  );
}

/** The shop menu on small screens: a 280 px drawer (spec 1 §9 side menu width). Loaded on first open. */
export default function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('storefront');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size={280}
      title={<ShopBrand size="md" />}
      closeButtonProps={{ 'aria-label': t('menu.close') }}
    >
      <ShopMenuList onNavigate={onClose} />
    </Drawer>
  );
}
