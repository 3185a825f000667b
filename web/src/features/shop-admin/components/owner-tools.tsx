import { ActionIcon, Button, Container, Group, Menu, Switch, Text, Tooltip } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import {
  IconBuildingStore,
  IconCategory,
  IconChevronDown,
  IconChevronUp,
  IconPencil,
  IconLayoutNavbar,
  IconPalette,
  IconPhoto,
  IconPlus,
  IconSettings,
  IconUsers,
  IconShare,
  IconSlideshow,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { CollaboratorRole, ItemType, ShopJson } from '@vitrina/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { useShopAdminTranslation } from '@/features/shop-admin/i18n/texts';
import { handleShopEditActions, type ShopEditAction } from '@/lib/shop-edit-channel';
import { myCataloguesQueryOptions } from '../api/catalogues';
import type { OwnerRef } from '../api/http';
import { AddProductsModal } from './add-products-modal';
import { BackgroundModal } from './background-modal';
import { BannerEditorModal } from './banner-editor-modal';
import { CatalogueFormModal } from './catalogue-form-modal';
import { FranchisePickerModal } from './franchise-picker-modal';
import { HeaderEditorModal } from './header-editor-modal';
import { IdentityModal } from './identity-modal';
import { MyCataloguesModal } from './my-catalogues-modal';
import classes from './owner-tools.module.css';
import { SocialLinksModal } from './social-links-modal';

export interface OwnerToolsProps {
  shop: ShopJson;
  /** The signed-in user's id (useSession().user.id); the tools render only for the shop's owner or an admin collaborator. */
  userId: string | null;
  /** useSession().user.collaborations: an admin collaborator of the shop's owner edits it too. */
  collaborations?: Readonly<Record<string, CollaboratorRole>>;
  /** The account-type segment of the owner paths (useSession().accountType). */
  accountType: string | null;
  /** The shop's visible base path ('/tienda/{slug}' or '' on the shop's own host). */
  shopBase: string;
  /** Re-reads the storefront's data after a change (the route invalidates its queries). */
  onChanged: () => void;
}

type Panel = 'identity' | 'background' | 'banners' | 'headers' | 'catalogues' | 'new-catalogue' | 'products' | 'franchises' | 'social';

/** spec 1 §6 'Shop admin/owner': user id equals the shop's owner. */
export function isShopOwner(shop: Pick<ShopJson, 'owner'>, userId: string | null): boolean {
  return Boolean(userId && shop.owner && userId === shop.owner);
}

/**
 * Who edits the shop in place: its owner, or a collaborator the owner made an admin (issue 16; the services admit the
 * admin role on every storefront route through the access token). The edits are the owner's: they go to the owner's
 * paths.
 */
export function editsShop(
  shop: Pick<ShopJson, 'owner'>,
  userId: string | null,
  collaborations: Readonly<Record<string, CollaboratorRole>> = {},
): boolean {
  return isShopOwner(shop, userId) || (Object.hasOwn(collaborations, shop.owner) && collaborations[shop.owner] === 'admin');
}

/** spec 1 §6: the toolbar is for the owner (or an admin collaborator) with the admin permission, and never on proxy shops (the server refuses their saves). */
export function showsOwnerTools(
  shop: Pick<ShopJson, 'owner' | 'permissions' | 'is_proxy'>,
  userId: string | null,
  collaborations: Readonly<Record<string, CollaboratorRole>> = {},
): boolean {
  return editsShop(shop, userId, collaborations) && shop.permissions.includes('admin') && !shop.is_proxy;
}

/**
 * The in-place editing shell of a shop (issue 5): an edit-mode switch and the owner's editors, in a slim strip
 * above the shop (in the page's flow, so it covers nothing; it scrolls away under the sticky header) that
 * folds to one small button. The editors are a menu, so their labels are whole at any width. Visitors and
 * other owners get nothing (the route does not even load this chunk for them).
 */
export default function OwnerTools({ shop, userId, collaborations, accountType, onChanged }: OwnerToolsProps) {
  const { t } = useShopAdminTranslation();
  const [editMode, setEditMode] = useState(true);
  const [panel, setPanel] = useState<Panel | null>(null);
  /** The add-products modal's first tab (the toolbar opens it on products, a menu plus on its section). */
  const [itemType, setItemType] = useState<ItemType>('product');
  const client = useQueryClient();
  const isOwner = editsShop(shop, userId, collaborations);
  const isAdmin = shop.permissions.includes('admin');
  // spec 1 §2 'Shop menu': the admin menu's plus buttons (shown while these tools take actions) open the editors
  // here; only for the admin, never on proxy shops, and not outside edit mode.
  const takesMenuActions = isOwner && isAdmin && !shop.is_proxy && editMode;
  useEffect(() => {
    if (!takesMenuActions) return;
    return handleShopEditActions((action: ShopEditAction) => {
      if (action.kind === 'add-items') {
        setItemType(action.itemType);
        setPanel('products');
      } else setPanel(action.kind === 'new-catalogue' ? 'new-catalogue' : 'franchises');
    });
  }, [takesMenuActions]);
  const [collapsed, setCollapsed] = useLocalStorage({
    key: 'vitrina-owner-tools-collapsed',
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  if (!showsOwnerTools(shop, userId, collaborations) || !userId) return null;
  // The owner's paths, whoever edits (the owner, or an admin collaborator acting for them).
  const owner: OwnerRef = {
    ownerId: shop.owner,
    accountType: accountType ?? (shop.store_type === 'franchise' ? 'franchise' : 'affiliate'),
  };
  const close = () => setPanel(null);
  const open = (key: Panel) => {
    if (key === 'products') setItemType('product');
    setPanel(key);
  };

  const tool = (key: Panel, label: string, icon: ReactNode) => (
    <Menu.Item key={key} leftSection={icon} onClick={() => open(key)} data-testid={`owner-tool-${key}`}>
      {label}
    </Menu.Item>
  );

  return (
    <>
      <div
        className={classes.strip}
        data-collapsed={collapsed ? '' : undefined}
        data-testid="owner-tools"
        aria-label={t('toolbar.label')}
        role="toolbar"
      >
        {/* Aligned with the shop header's content (its Container is 'lg' too). */}
        <Container size="lg">
          {collapsed ? (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPencil size={14} aria-hidden />}
              rightSection={<IconChevronDown size={14} aria-hidden />}
              onClick={() => setCollapsed(false)}
              aria-expanded={false}
              aria-label={t('toolbar.expand')}
            >
              {t('toolbar.tools')}
            </Button>
          ) : (
            <Group gap="sm" wrap="wrap" justify="space-between">
              <Group gap="sm" wrap="nowrap">
                <Switch
                  size="sm"
                  label={
                    <Text size="sm" fw={600}>
                      {t('toolbar.editMode')}
                    </Text>
                  }
                  checked={editMode}
                  onChange={(event) => setEditMode(event.currentTarget.checked)}
                  data-testid="edit-mode"
                />
                {editMode && (
                  <Menu position="bottom-start" shadow="md" withinPortal>
                    <Menu.Target>
                      <Button
                        size="compact-sm"
                        variant="light"
                        leftSection={<IconPencil size={14} aria-hidden />}
                        rightSection={<IconChevronDown size={14} aria-hidden />}
                        data-testid="owner-tools-menu"
                      >
                        {t('toolbar.tools')}
                      </Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {tool('identity', t('toolbar.identity'), <IconBuildingStore size={16} />)}
                      {tool('background', t('toolbar.background'), <IconPalette size={16} />)}
                      {tool('banners', t('toolbar.banners'), <IconSlideshow size={16} />)}
                      {tool('headers', t('toolbar.headers'), <IconLayoutNavbar size={16} />)}
                      {tool('catalogues', t('toolbar.catalogues'), <IconCategory size={16} />)}
                      {tool('products', t('toolbar.addProducts'), <IconPlus size={16} />)}
                      {tool('franchises', t('toolbar.franchises'), <IconPhoto size={16} />)}
                      {tool('social', t('toolbar.social'), <IconShare size={16} />)}
                    </Menu.Dropdown>
                  </Menu>
                )}
              </Group>
              <Group gap={4} wrap="nowrap">
                <Tooltip label={t('toolbar.collaborators')}>
                  <ActionIcon
                    renderRoot={(props) => <Link {...props} to="/tienda/$shopSlug/admin/colaboradores" params={{ shopSlug: shop.slug }} />}
                    variant="subtle"
                    aria-label={t('toolbar.collaborators')}
                    data-testid="owner-collaborators"
                  >
                    <IconUsers size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('toolbar.settings')}>
                  <ActionIcon
                    renderRoot={(props) => <Link {...props} to="/tienda/$shopSlug/admin/configuracion" params={{ shopSlug: shop.slug }} />}
                    variant="subtle"
                    aria-label={t('toolbar.settings')}
                    data-testid="owner-settings"
                  >
                    <IconSettings size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('toolbar.collapse')}>
                  <ActionIcon variant="subtle" onClick={() => setCollapsed(true)} aria-expanded aria-label={t('toolbar.collapse')}>
                    <IconChevronUp size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          )}
        </Container>
      </div>
      {panel === 'identity' && <IdentityModal owner={owner} shop={shop} opened onClose={close} onSaved={onChanged} />}
      {panel === 'background' && <BackgroundModal owner={owner} shop={shop} opened onClose={close} onSaved={onChanged} />}
      {panel === 'banners' && <BannerEditorModal owner={owner} shop={shop} opened onClose={close} onSaved={onChanged} />}
      {panel === 'headers' && <HeaderEditorModal owner={owner} opened onClose={close} onSaved={onChanged} />}
      {panel === 'catalogues' && <MyCataloguesModal owner={owner} opened onClose={close} onChanged={onChanged} />}
      {panel === 'new-catalogue' && (
        <CatalogueFormModal
          owner={owner}
          catalogue={null}
          opened
          onClose={close}
          onSaved={() => {
            void client.invalidateQueries({ queryKey: myCataloguesQueryOptions(owner).queryKey });
            onChanged();
          }}
        />
      )}
      {/* Keyed by the first tab: a plus on another section while the modal is open starts it on that tab. */}
      {panel === 'products' && (
        <AddProductsModal key={itemType} owner={owner} shop={shop} opened onClose={close} onChanged={onChanged} initialType={itemType} />
      )}
      {panel === 'franchises' && <FranchisePickerModal owner={owner} opened onClose={close} onChanged={onChanged} />}
      {panel === 'social' && <SocialLinksModal owner={owner} shop={shop} opened onClose={close} onSaved={onChanged} />}
    </>
  );
}
