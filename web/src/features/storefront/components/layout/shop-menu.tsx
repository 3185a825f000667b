import { ActionIcon, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ShopLink } from '@/features/storefront/components/shared/shop-link';
import { menuAddTarget, type MenuEntry } from '@/features/storefront/lib/shop-menu';
import { requestShopEditAction, useShopEditReady } from '@/lib/shop-edit-channel';
import classes from './shop-header.module.css';
import { useShopMenu } from './use-shop-menu';

/**
 * spec 1 §2 'Shop menu', admin menu: the plus button beside a section. It shows only for the shop's admin
 * (entries with `canAdd`) once the owner tools are loaded and in edit mode; the editors stay in their chunk.
 */
export function MenuAddButton({ entry, onDone }: { entry: MenuEntry; onDone?: () => void }) {
  const { t } = useTranslation('storefront');
  const ready = useShopEditReady();
  const target = menuAddTarget(entry);
  if (!ready || !target) return null;
  const label: string = t(`menu.add.${target.section}`);
  const common = {
    size: 'sm',
    variant: 'subtle',
    color: 'gray',
    c: 'inherit',
    'aria-label': label,
    'data-testid': `menu-add-${target.section}`,
  } as const;
  if ('navigate' in target) {
    return (
      <ActionIcon component={ShopLink} to={target.navigate} onClick={onDone} {...common}>
        <IconPlus size={16} />
      </ActionIcon>
    );
  }
  return (
    <ActionIcon
      {...common}
      onClick={() => {
        requestShopEditAction(target.open);
        onDone?.();
      }}
    >
      <IconPlus size={16} />
    </ActionIcon>
  );
}

/** spec 1 §2 'Shop menu': links to the sections the shop shows; for the shop's admin, a plus beside each. */
export function ShopMenuLinks() {
  const { t } = useTranslation('storefront');
  const entries = useShopMenu();
  return (
    <>
      {entries.map((entry) => {
        const link = (
          <ShopLink key={entry.key} to={entry.path} className={classes.navLink}>
            {t(`menu.${entry.key}`)}
          </ShopLink>
        );
        return entry.canAdd ? (
          <Group key={entry.key} gap={0} wrap="nowrap">
            {link}
            <MenuAddButton entry={entry} />
          </Group>
        ) : (
          link
        );
      })}
    </>
  );
}
