import type { ShopMenu, ShopMenuLabel, ShopMenuOption, ShopSection } from '@vitrina/contracts';

type Key = ShopSection | 'info';

const ENTRIES: Record<Key, { label: ShopMenuLabel; icon: string; icon_color: string; path: string }> = {
  products: {
    label: { es: 'Productos', en: 'Products', 'es-AR': 'Productos' },
    icon: 'shopping-bag',
    icon_color: '#2f80ed',
    path: '/productos',
  },
  services: {
    label: { es: 'Servicios', en: 'Services', 'es-AR': 'Servicios' },
    icon: 'briefcase',
    icon_color: '#9b51e0',
    path: '/servicios',
  },
  experiences: {
    label: { es: 'Experiencias', en: 'Experiences', 'es-AR': 'Experiencias' },
    icon: 'ticket',
    icon_color: '#f2994a',
    path: '/experiencias',
  },
  digital: { label: { es: 'Digitales', en: 'Digital', 'es-AR': 'Digitales' }, icon: 'download', icon_color: '#27ae60', path: '/digitales' },
  catalogues: {
    label: { es: 'Catálogos', en: 'Catalogues', 'es-AR': 'Catálogos' },
    icon: 'book',
    icon_color: '#eb5757',
    path: '/catalogos',
  },
  blogs: { label: { es: 'Blogs', en: 'Blogs', 'es-AR': 'Blogs' }, icon: 'article', icon_color: '#56ccf2', path: '/blogs' },
  franchises: {
    label: { es: 'Franquicias', en: 'Franchises', 'es-AR': 'Franquicias' },
    icon: 'store',
    icon_color: '#6fcf97',
    path: '/franquicias',
  },
  retail: {
    label: { es: 'Contacto', en: 'Contact', 'es-AR': 'Contacto' },
    icon: 'phone',
    icon_color: '#828282',
    path: '/admin/configuracion',
  },
  info: { label: { es: 'Información', en: 'Information', 'es-AR': 'Información' }, icon: 'info', icon_color: '#4f4f4f', path: '/info' },
};

/** Order of the menu (spec 1 §2 'Shop menu'). */
const ORDER: Key[] = ['products', 'services', 'experiences', 'digital', 'catalogues', 'blogs', 'franchises', 'retail', 'info'];

export interface MenuShop {
  storeType: string;
  isProxy: boolean;
  sectionsInfo: string[];
}

function entry(key: Key, canAdd: boolean): ShopMenuOption {
  const e = ENTRIES[key];
  return { key, label: e.label, icon: e.icon, icon_color: e.icon_color, path: e.path, submenu: [], app_module: key, can_add: canAdd };
}

/**
 * spec 1 §2 'Shop menu'. Admin (the owner): a plus button beside each section; always products, services,
 * experiences, catalogues, blogs and franchises; digital only when the shop's digital setting is on (digital
 * in sections_info); retail only for franchise stores. Everyone else gets read-only links to the sections the
 * shop shows, plus info. Proxy shops always get the read-only menu, without add buttons.
 */
export function menuFor(shop: MenuShop, viewerIsOwner: boolean): ShopMenu {
  const sections = new Set(shop.sectionsInfo);
  let mode: ShopMenu['mode'];
  let keys: Key[];
  if (shop.isProxy) mode = 'proxy';
  else mode = viewerIsOwner ? 'admin' : 'public';
  if (mode === 'admin') {
    const always: Key[] = ['products', 'services', 'experiences', 'catalogues', 'blogs', 'franchises'];
    keys = ORDER.filter(
      (k) => always.includes(k) || (k === 'digital' && sections.has('digital')) || (k === 'retail' && shop.storeType === 'franchise'),
    );
  } else {
    keys = ORDER.filter((k) => k === 'info' || (k !== 'retail' && sections.has(k)));
  }
  const results = keys.map((k) => entry(k, mode === 'admin' && k !== 'info'));
  return { mode, results, matches_estimated: results.length };
}
