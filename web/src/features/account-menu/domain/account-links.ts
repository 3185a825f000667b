/** spec 2 §2: the promotion target 'create your free store'. */
export const CREATE_SHOP_PATH = '/asistentes/emprendedores';

/** `/tienda/demo` -> `/tienda/demo/`; empty -> `/`. */
export function normalizeShopPath(shopPath: string): string {
  if (!shopPath.startsWith('/')) return '/';
  return shopPath.endsWith('/') ? shopPath : `${shopPath}/`;
}

/**
 * spec 1 §2 and spec 2 §2 'Shop side menu': my purchases `{shopPath}mis-compras`, preferences
 * `{shopPath}preferencias`, logout `/logout?next={shopPath}`.
 */
export function accountLinks(shopPath: string) {
  const base = normalizeShopPath(shopPath);
  return {
    purchases: `${base}mis-compras`,
    preferences: `${base}preferencias`,
    logout: `/logout?next=${encodeURIComponent(base)}`,
    createShop: CREATE_SHOP_PATH,
  };
}
