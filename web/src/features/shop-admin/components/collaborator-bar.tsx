import { ActionIcon, Badge, Button, Container, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import {
  IconBrandWhatsapp,
  IconCheck,
  IconChevronDown,
  IconChevronUp,
  IconLink,
  IconQrcode,
  IconReceipt,
  IconRotate,
  IconWallet,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { CollaboratorAccess, walletTypeIdOf, type CollaboratorRole, type ShopJson } from '@vitrina/contracts';
import type { ReactNode } from 'react';
import { useShopAdminTranslation } from '@/features/shop-admin/i18n/texts';
import classes from './owner-tools.module.css';

/** The shops sell in pesos: the wallet shortcut opens the MXN wallet (the page names the others by URL). */
const SHOP_CURRENCY = 'MXN';

export interface CollaboratorBarProps {
  shop: Pick<ShopJson, 'slug' | 'name'>;
  role: CollaboratorRole;
  /** The shop's public address, for the share links. */
  shopUrl: string;
}

/**
 * spec 2 §2 'Shop side bar' (roles admin, accountant, dispatcher, qrreader; issue 16): for a collaborator of the shop
 * who does not edit it (an admin gets the owner's tools), a strip above the shop with its name, their role, the
 * shortcuts their role allows (the sales and returns for dispatchers and accountants, the owner's wallet for
 * accountants, the door's check-in for QR readers) and its share links; it folds to one button (kept folded across
 * visits), and on a phone to icons.
 */
export default function CollaboratorBar({ shop, role, shopUrl }: CollaboratorBarProps) {
  const { t } = useShopAdminTranslation();
  const [collapsed, setCollapsed] = useLocalStorage({
    key: 'vitrina-collaborator-bar-collapsed',
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const allows = (roles: readonly CollaboratorRole[]) => roles.includes(role);
  const shortcut = (key: string, label: string, icon: ReactNode, link: (props: object) => ReactNode) => (
    <Tooltip label={label} key={key}>
      <Button
        size="compact-sm"
        variant="light"
        leftSection={icon}
        renderRoot={(props) => link(props)}
        data-testid={`collaborator-${key}`}
        classNames={{ label: classes.foldLabel }}
        aria-label={label}
      >
        {label}
      </Button>
    </Tooltip>
  );
  const share = encodeURIComponent(`${shop.name} ${shopUrl}`);

  return (
    <div
      className={classes.strip}
      data-collapsed={collapsed ? '' : undefined}
      data-testid="collaborator-bar"
      aria-label={t('collaboratorBar.label')}
      role="toolbar"
    >
      <Container size="lg">
        {collapsed ? (
          <Button
            size="compact-sm"
            variant="light"
            rightSection={<IconChevronDown size={14} aria-hidden />}
            onClick={() => setCollapsed(false)}
            aria-expanded={false}
            aria-label={t('collaboratorBar.expand')}
          >
            {shop.name}
          </Button>
        ) : (
          <Group gap="sm" wrap="wrap" justify="space-between">
            <Group gap="xs" wrap="nowrap" miw={0}>
              <Text size="sm" fw={700} truncate="end" maw={220}>
                {shop.name}
              </Text>
              <Badge variant="light" size="sm" data-testid="collaborator-role">
                {t(`collaboratorBar.roles.${role}`)}
              </Badge>
            </Group>
            <Group gap={6} wrap="wrap">
              {allows(CollaboratorAccess.ordersRead) &&
                shortcut('orders', t('collaboratorBar.orders'), <IconReceipt size={14} aria-hidden />, (props) => (
                  <Link {...props} to="/tienda/$shopSlug/admin/ordenes" params={{ shopSlug: shop.slug }} />
                ))}
              {allows(CollaboratorAccess.ordersRead) &&
                shortcut('returns', t('collaboratorBar.returns'), <IconRotate size={14} aria-hidden />, (props) => (
                  <Link {...props} to="/tienda/$shopSlug/admin/devoluciones" params={{ shopSlug: shop.slug }} />
                ))}
              {allows(CollaboratorAccess.walletRead) &&
                shortcut('wallet', t('collaboratorBar.wallet'), <IconWallet size={14} aria-hidden />, (props) => (
                  <Link
                    {...props}
                    to="/tienda/$shopSlug/admin/monedero/$walletTypeId"
                    params={{ shopSlug: shop.slug, walletTypeId: walletTypeIdOf(SHOP_CURRENCY) }}
                  />
                ))}
              {allows(CollaboratorAccess.checkIn) &&
                shortcut('checkin', t('collaboratorBar.checkIn'), <IconQrcode size={14} aria-hidden />, (props) => (
                  <Link {...props} to="/checkin" />
                ))}
            </Group>
            <Group gap={4} wrap="nowrap">
              <CopyButton value={shopUrl} timeout={2000}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t('collaboratorBar.copied') : t('collaboratorBar.copy')}>
                    <ActionIcon variant="subtle" onClick={copy} aria-label={t('collaboratorBar.copy')} data-testid="collaborator-copy">
                      {copied ? <IconCheck size={18} /> : <IconLink size={18} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
              <Tooltip label={t('collaboratorBar.whatsapp')}>
                <ActionIcon
                  component="a"
                  href={`https://wa.me/?text=${share}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="subtle"
                  aria-label={t('collaboratorBar.whatsapp')}
                >
                  <IconBrandWhatsapp size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('collaboratorBar.collapse')}>
                <ActionIcon variant="subtle" onClick={() => setCollapsed(true)} aria-expanded aria-label={t('collaboratorBar.collapse')}>
                  <IconChevronUp size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
        )}
      </Container>
    </div>
  );
}
