import { useTranslation } from 'react-i18next';
import { ShopLink } from '@/features/storefront/components/shared/shop-link';
import classes from './shop-header.module.css';
import { useShopMenu } from './use-shop-menu';

/** spec 1 §2 'Shop menu' for visitors: read-only links to the sections the shop shows. */
export function ShopMenuLinks() {
  const { t } = useTranslation('storefront');
  const entries = useShopMenu();
  return (
    <>
      {entries.map((entry) => (
        <ShopLink key={entry.key} to={entry.path} className={classes.navLink}>
          {t(`menu.${entry.key}`)}
        </ShopLink>
      ))}
    </>
  );
}
