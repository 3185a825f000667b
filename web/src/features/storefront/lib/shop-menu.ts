import type { MenuJson, ShopSection } from '@vitrina/contracts';

export type MenuKey = ShopSection | 'info';

export interface MenuEntry {
  key: MenuKey;
  /** Shop-relative path. */
  path: string;
  /** Admin menu (issue 5): a plus button beside the section. */
  canAdd?: boolean;
}

/**
 * spec 1 §2 'Shop menu': links to /productos, /servicios, /experiencias, /digitales, /blogs, /franquicias and
 * /info; sections show according to the shop's settings (store_theme_info.sections_info). This is the
 * non-admin, read-only menu (proxy shops get it too), in the store service's order; retail (contact) is an
 * admin entry of franchise stores only.
 */
const ORDER: readonly MenuEntry[] = [
  { key: 'products', path: '/productos' },
  { key: 'services', path: '/servicios' },
  { key: 'experiences', path: '/experiencias' },
  { key: 'digital', path: '/digitales' },
  { key: 'catalogues', path: '/catalogos' },
  { key: 'blogs', path: '/blogs' },
  { key: 'franchises', path: '/franquicias' },
  { key: 'info', path: '/info' },
];

export function shopMenuEntries(sections: readonly ShopSection[]): MenuEntry[] {
  const on = new Set<MenuKey>([...sections, 'info']);
  return ORDER.filter((entry) => on.has(entry.key));
}

/** The store service's menu answer as entries (for signed-in viewers; the admin one carries `can_add`). */
export function menuEntriesOf(menu: MenuJson): MenuEntry[] {
  return menu.results.map((option) => ({ key: option.key, path: option.path, canAdd: option.can_add }));
}
