import { ActionIcon, Badge, Box, Burger, Container, Group } from '@mantine/core';
import { useDisclosure, useHeadroom } from '@mantine/hooks';
import { IconSearch, IconShoppingCart } from '@tabler/icons-react';
import { useLocation } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useShop, useSlots } from '@/features/storefront/components/shared/storefront-context';
import { cartBridge, isCheckoutPath, useCartBridge } from '@/lib/cart-bridge';
import { ShopBrand } from './shop-brand';
import classes from './shop-header.module.css';
import { ShopMenuLinks } from './shop-menu';

// Loaded on first use: the shop home does not pay for the drawer, the combobox or the search panel.
const MobileMenu = lazy(() => import('./mobile-menu'));
const SearchPanel = lazy(() => import('@/features/storefront/components/search/search-panel'));

/** spec 1 §2 'Header bar'. */
export function ShopHeader() {
  const { t } = useTranslation('storefront');
  const shop = useShop();
  // SLOT (accounts): log-in and sign-up buttons for anonymous visitors, or the alerts item and the avatar for
  // signed-in users (spec 1 §2 'Header bar'), filled by the shop route; rendered right of the cart icon.
  const { account } = useSlots();
  const pinned = useHeadroom({ fixedAt: 120 });
  const [menuOpened, menu] = useDisclosure(false);
  const [searchOpened, search] = useDisclosure(false);
  const [menuLoaded, setMenuLoaded] = useDisclosure(false);
  const [searchLoaded, setSearchLoaded] = useDisclosure(false);
  const cart = useCartBridge();
  const pathname = useLocation({ select: (location) => location.pathname });
  const preloadSearch = () => void import('@/features/storefront/components/search/search-panel');

  return (
    <header className={classes.header} data-theme={shop.store_theme_info.theme} data-unpinned={pinned ? undefined : ''}>
      <Container size="lg" className={classes.bar}>
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Burger
              hiddenFrom="md"
              size="sm"
              opened={menuOpened}
              onClick={() => {
                setMenuLoaded.open();
                menu.toggle();
              }}
              aria-label={t('menu.open')}
              color="currentColor"
            />
            <ShopBrand />
          </Group>
          <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
            <ActionIcon
              variant="subtle"
              color="currentColor"
              size="lg"
              aria-label={t('search.open')}
              onMouseEnter={preloadSearch}
              onFocus={preloadSearch}
              onClick={() => {
                setSearchLoaded.open();
                search.open();
              }}
              c="inherit"
            >
              <IconSearch size={20} aria-hidden />
            </ActionIcon>
            {/* spec 1 §2: the cart icon toggles the cart side panel (the cart feature's, through lib/cart-bridge); hidden on checkout paths. */}
            {!isCheckoutPath(pathname) && (
              <Box pos="relative" style={{ display: 'inline-flex' }}>
                <ActionIcon
                  variant="subtle"
                  color="currentColor"
                  size="lg"
                  aria-label={cart.count ? `${t('cart.label')} (${cart.count})` : t('cart.label')}
                  aria-expanded={cart.opened}
                  onClick={cartBridge.toggle}
                  c="inherit"
                  data-testid="cart-button"
                >
                  <IconShoppingCart size={20} aria-hidden />
                </ActionIcon>
                {cart.count ? (
                  <Badge
                    size="sm"
                    circle={cart.count < 10}
                    variant="filled"
                    color="red"
                    pos="absolute"
                    top={-4}
                    right={-6}
                    px={cart.count < 10 ? 0 : 4}
                    style={{ pointerEvents: 'none' }}
                    aria-hidden
                    data-testid="cart-count"
                  >
                    {cart.count > 99 ? '99+' : cart.count}
                  </Badge>
                ) : null}
              </Box>
            )}
            {/* SLOT (accounts): AuthButtons or alerts + UserMenu. */}
            {account}
          </Group>
        </Group>
      </Container>
      {/* The shop menu: a row of its own from tablets up, a drawer (burger) on phones. */}
      <Container size="lg" visibleFrom="md" className={classes.menuRow}>
        <Group component="nav" aria-label={t('menu.label')} gap={2} wrap="nowrap" className={classes.nav}>
          <ShopMenuLinks />
        </Group>
      </Container>
      <Suspense fallback={null}>
        {menuLoaded && <MobileMenu opened={menuOpened} onClose={menu.close} />}
        {searchLoaded && <SearchPanel opened={searchOpened} onClose={search.close} />}
      </Suspense>
    </header>
  );
}
