import { Avatar, Badge, Divider, Drawer, Group, Indicator, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBuildingStore,
  IconLogout,
  IconMessageCircle,
  IconMessages,
  IconPackage,
  IconReceiptRefund,
  IconReceipt,
  IconSettings,
  IconShoppingBag,
  IconSparkles,
  IconTruckDelivery,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '@/components/language-select';
import { ThemeToggle } from '@/components/theme-toggle';
import { useSession } from '@/lib/session/use-session';
import { useUnreadMessages } from '../api/unread-messages';
import { CollaborationsList } from './collaborations-list';
import { BECOME_SUPPLIER_PATH, accountLinks, contactsPath, myShopPath, supplierItemsPath } from '../domain/account-links';
import classes from './user-menu.module.css';

/** spec 1 §2 and spec 2 §2: the shop side menu is 280 px wide. */
export const SIDE_MENU_WIDTH = 280;

export interface UserMenuProps {
  /** The shop's base path, ending in `/`: `/tienda/{shopSlug}/`, or `/` on the shop's own host. */
  shopPath?: string;
  /** The signed-in user's own shop; by default `/tienda/{slug}/` from the profile's `store_slug`. */
  myShopHref?: string;
  /** Further entries (root affinity store, collaborators...), placed before the preferences. */
  children?: ReactNode;
  /** Light/dark toggle in the menu (spec 1 §2: only when the shop allows dark mode). */
  withThemeToggle?: boolean;
}

interface MenuLinkProps {
  href: string;
  label: string;
  icon: Icon;
  onNavigate: () => void;
  /** Shown at the end of the entry (the unread messages' count). */
  badge?: ReactNode;
}

/** A real link (middle click, copy address) that navigates inside the app on a plain click. */
function MenuLink({ href, label, icon: IconComponent, onNavigate, badge }: MenuLinkProps) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate();
    void navigate({ href });
  };
  return (
    <NavLink
      component="a"
      href={href}
      label={label}
      leftSection={<IconComponent size={18} aria-hidden />}
      rightSection={badge}
      onClick={onClick}
    />
  );
}

/**
 * spec 1 §2 'Shop side menu (logged-in)': the avatar toggles a 280 px side menu with my shop, my purchases,
 * preferences and logout, plus the language selector and the light/dark toggle (both kept 365 days in cookies).
 */
export function UserMenu({ shopPath = '/', myShopHref, children, withThemeToggle = true }: UserMenuProps) {
  const { t } = useTranslation('accountMenu');
  const { profile, status, user } = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const unread = useUnreadMessages(status === 'authenticated' ? (user?.id ?? null) : null);
  if (status !== 'authenticated') return null;
  const links = accountLinks(shopPath);
  const name = profile?.full_name || profile?.name || '';
  const photo = profile?.photo ?? profile?.images.url ?? null;
  const contact = profile?.email ?? (profile?.phone ? `+${profile.country_code ?? ''} ${profile.phone}` : '');
  const hasStore = Boolean(profile?.store_id);
  const myShop = myShopHref ?? myShopPath(profile?.store_slug);
  const supplierItems = supplierItemsPath(profile?.keychain ?? user?.keychain);
  const contacts = contactsPath(profile?.keychain ?? user?.keychain);

  return (
    <>
      <UnstyledButton
        onClick={toggle}
        aria-label={t('open')}
        aria-expanded={opened}
        aria-haspopup="dialog"
        className={classes.avatarButton}
      >
        <Indicator disabled={unread === 0} color="red" size={10} offset={4} withBorder>
          <Avatar src={photo} alt={name} name={name || undefined} color="initials" radius="xl" size={36} />
        </Indicator>
      </UnstyledButton>
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size={SIDE_MENU_WIDTH}
        padding="md"
        title={t('title')}
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <Avatar src={photo} alt={name} name={name || undefined} color="initials" radius="xl" size={48} />
            <div className={classes.identity}>
              <Text fw={600} truncate="end">
                {name || t('anonymousName')}
              </Text>
              {contact && (
                <Text size="sm" c="dimmed" truncate="end">
                  {contact}
                </Text>
              )}
            </div>
          </Group>
          <Divider />
          <nav aria-label={t('title')}>
            {hasStore && myShop && <MenuLink href={myShop} label={t('myShop')} icon={IconBuildingStore} onNavigate={close} />}
            {!hasStore && <MenuLink href={links.createShop} label={t('createShop')} icon={IconSparkles} onNavigate={close} />}
            {supplierItems ? (
              <MenuLink href={supplierItems} label={t('supplierItems')} icon={IconPackage} onNavigate={close} />
            ) : (
              <MenuLink href={BECOME_SUPPLIER_PATH} label={t('becomeSupplier')} icon={IconPackage} onNavigate={close} />
            )}
            {supplierItems && (
              <MenuLink href="/proveedor/envios-y-pagos" label={t('supplierSettings')} icon={IconTruckDelivery} onNavigate={close} />
            )}
            {(supplierItems || hasStore) && <MenuLink href={links.sales} label={t('sales')} icon={IconReceipt} onNavigate={close} />}
            <MenuLink
              href="/me/inbox/messages"
              label={t('messages')}
              icon={IconMessageCircle}
              onNavigate={close}
              badge={
                unread > 0 ? (
                  <Badge size="sm" color="red" circle={unread < 10} aria-label={t('unread', { count: unread })} data-testid="menu-unread">
                    {unread > 99 ? '99+' : unread}
                  </Badge>
                ) : undefined
              }
            />
            {contacts && <MenuLink href={contacts} label={t('contacts')} icon={IconMessages} onNavigate={close} />}
            <MenuLink href={links.purchases} label={t('purchases')} icon={IconShoppingBag} onNavigate={close} />
            <MenuLink href={links.returns} label={t('returns')} icon={IconReceiptRefund} onNavigate={close} />
            <MenuLink href={links.wallet} label={t('wallet')} icon={IconWallet} onNavigate={close} />
            {children}
            <MenuLink href={links.preferences} label={t('preferences')} icon={IconSettings} onNavigate={close} />
            <MenuLink href={links.logout} label={t('logout')} icon={IconLogout} onNavigate={close} />
          </nav>
          {user && <CollaborationsList userId={user.id} onNavigate={close} />}
          <Divider />
          <Group justify="space-between" gap="xs">
            <LanguageSelect />
            {withThemeToggle && <ThemeToggle />}
          </Group>
        </Stack>
      </Drawer>
    </>
  );
}
