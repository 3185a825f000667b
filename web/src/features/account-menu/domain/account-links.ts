/** spec 2 §2: the promotion target 'create your free store'. */
export const CREATE_SHOP_PATH = '/asistentes/emprendedores';

/** Issue 16: where a user who does not sell yet opens their supplier profile. */
export const BECOME_SUPPLIER_PATH = '/proveedor/registro';

/** Issue 14: the account menu's 'Monedero' opens the peso wallet, outside any shop. */
export const WALLET_PATH = '/me/wallet/mxn';

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
    /** Issue 13: the orders the user sells (as supplier or dropshipping supplier). */
    sales: `${base}admin/ordenes`,
    /** Issue 14: the customer's return requests, and the wallet (spec 2 §2 `/me/wallet/{wallet_type_id}`, in pesos). */
    returns: `${base}mis-compras/devoluciones`,
    wallet: WALLET_PATH,
    preferences: `${base}preferencias`,
    logout: `/logout?next=${encodeURIComponent(base)}`,
    createShop: CREATE_SHOP_PATH,
  };
}

/** spec 2 §2 side menu 'my shop': the user's own store at `/tienda/{slug}/` (null without a store). */
export function myShopPath(storeSlug: string | null | undefined): string | null {
  return storeSlug ? `/tienda/${encodeURIComponent(storeSlug)}/` : null;
}

/** Issue 4: a supplier (`dssupplier-admin` in the keychain, spec 2 §6) manages their items at `/proveedor/articulos`; null for others. */
export function supplierItemsPath(keychain: readonly string[] | null | undefined): string | null {
  return keychain?.includes('dssupplier-admin') ? '/proveedor/articulos' : null;
}

/**
 * Issue 15: the contact entries of the user's shops (spec 2 §2 'Contact list (admin)'), for holders of the admin or
 * contact-admin keychain access (spec 2 §6; accounts gives a shop owner 'contact-admin'); null for others.
 */
export function contactsPath(keychain: readonly string[] | null | undefined): string | null {
  return keychain?.some((api) => api === 'contact-admin' || api === 'admin') ? '/me/inbox/contacts' : null;
}
